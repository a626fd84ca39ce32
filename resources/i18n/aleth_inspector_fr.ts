<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR">
<context>
    <name>CanonicalBytes</name>
    <message>
        <source>Signable bytes (their SHA-256 is the id)</source>
        <translation>Octets signables (leur SHA-256 est l’id)</translation>
    </message>
    <message>
        <source>Signed bytes (signable + commit_id)</source>
        <translation>Octets signés (signable + commit_id)</translation>
    </message>
    <message>
        <source>Which bytes</source>
        <translation>Quels octets</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Texte</translation>
    </message>
    <message>
        <source>Hex</source>
        <translation>Hexa</translation>
    </message>
    <message>
        <source>Show as</source>
        <translation>Afficher en</translation>
    </message>
    <message>
        <source>Canonical bytes</source>
        <translation>Octets canoniques</translation>
    </message>
    <message>
        <source>Copy signable</source>
        <translation>Copier le signable</translation>
    </message>
    <message>
        <source>Copy signed</source>
        <translation>Copier le signé</translation>
    </message>
    <message>
        <source>Copy hex</source>
        <translation>Copier l’hexa</translation>
    </message>
    <message>
        <source>= the stored id ✔</source>
        <translation>= l’id stocké ✔</translation>
    </message>
    <message>
        <source>≠ the stored id ✖</source>
        <translation>≠ l’id stocké ✖</translation>
    </message>
    <message numerus="yes">
        <source>%n byte(s) covered by the signature</source>
        <translation>
            <numerusform>%n octet couvert par la signature</numerusform>
            <numerusform>%n octets couverts par la signature</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Columns</name>
    <message>
        <source>Severity</source>
        <translation>Gravité</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Code</translation>
    </message>
    <message>
        <source>Object</source>
        <translation>Objet</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>Id</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Message</translation>
    </message>
    <message>
        <source>expected: %1</source>
        <translation>attendu : %1</translation>
    </message>
    <message>
        <source>found: %1</source>
        <translation>trouvé : %1</translation>
    </message>
    <message>
        <source>likely cause: %1</source>
        <translation>cause probable : %1</translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>Graphe</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Statut</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Résumé</translation>
    </message>
    <message>
        <source>Signer</source>
        <translation>Signataire</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Heure</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>Étiquette</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <source>Signed by</source>
        <translation>Signé par</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>Confiance</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Preuves</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Motif</translation>
    </message>
    <message>
        <source>Position</source>
        <translation>Position</translation>
    </message>
    <message>
        <source>Receipt</source>
        <translation>Reçu</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>Tête</translation>
    </message>
    <message>
        <source>Entries</source>
        <translation>Entrées</translation>
    </message>
    <message>
        <source>Root check</source>
        <translation>Contrôle de la racine</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Mémoire</translation>
    </message>
    <message>
        <source>Content</source>
        <translation>Contenu</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>Poids</translation>
    </message>
    <message>
        <source>Trust</source>
        <translation>Confiance</translation>
    </message>
    <message>
        <source>Transitions</source>
        <translation>Transitions</translation>
    </message>
</context>
<context>
    <name>Crash</name>
    <message>
        <source>Aleth Inspector — unexpected error</source>
        <translation>Aleth Inspector — erreur inattendue</translation>
    </message>
    <message>
        <source>Something went wrong: %1</source>
        <translation>Un problème est survenu : %1</translation>
    </message>
    <message>
        <source>Your files were not changed. Please report this with the details below.</source>
        <translation>Vos fichiers n’ont pas été modifiés. Veuillez signaler ceci avec les détails ci-dessous.</translation>
    </message>
</context>
<context>
    <name>DetailView</name>
    <message>
        <source>Status explanation</source>
        <translation>Explication du statut</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>Champ</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Valeur</translation>
    </message>
    <message>
        <source>Object fields</source>
        <translation>Champs de l’objet</translation>
    </message>
    <message>
        <source>Fields</source>
        <translation>Champs</translation>
    </message>
    <message>
        <source>Canonical bytes</source>
        <translation>Octets canoniques</translation>
    </message>
    <message>
        <source>Nothing selected</source>
        <translation>Rien de sélectionné</translation>
    </message>
    <message>
        <source>No file open</source>
        <translation>Aucun fichier ouvert</translation>
    </message>
    <message>
        <source>Select a commit, finding or era to see why it has its status.</source>
        <translation>Sélectionnez un commit, un constat ou une ère pour voir pourquoi il a son statut.</translation>
    </message>
    <message>
        <source>object</source>
        <translation>objet</translation>
    </message>
    <message>
        <source>No status: this object is not verified on its own.</source>
        <translation>Pas de statut : cet objet n’est pas vérifié seul.</translation>
    </message>
    <message>
        <source>Stored id</source>
        <translation>Id stocké</translation>
    </message>
    <message>
        <source>Recomputed id</source>
        <translation>Id recalculé</translation>
    </message>
    <message>
        <source>✔ matches the stored id</source>
        <translation>✔ correspond à l’id stocké</translation>
    </message>
    <message>
        <source>✖ differs: %1</source>
        <translation>✖ diffère : %1</translation>
    </message>
    <message>
        <source>Signature</source>
        <translation>Signature</translation>
    </message>
    <message>
        <source>Unsigned fields</source>
        <translation>Champs non signés</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Problème</translation>
    </message>
    <message>
        <source>revoked by %1… at cutoff %2…</source>
        <translation>révoquée par %1… à la coupure %2…</translation>
    </message>
    <message>
        <source>active</source>
        <translation>active</translation>
    </message>
    <message>
        <source>Verifying key</source>
        <translation>Clé de vérification</translation>
    </message>
    <message>
        <source>%1 (%2), fingerprint %3, x = %4</source>
        <translation>%1 (%2), empreinte %3, x = %4</translation>
    </message>
    <message>
        <source>Key era</source>
        <translation>Ère de clé</translation>
    </message>
    <message>
        <source>Named key</source>
        <translation>Clé nommée</translation>
    </message>
    <message>
        <source>%1 of %2 (no verifying key found)</source>
        <translation>%1 de %2 (aucune clé de vérification trouvée)</translation>
    </message>
    <message>
        <source>This object has no canonical bytes (it could not be read).</source>
        <translation>Cet objet n’a pas d’octets canoniques (il n’a pas pu être lu).</translation>
    </message>
    <message>
        <source>No canonical form: %1</source>
        <translation>Pas de forme canonique : %1</translation>
    </message>
    <message>
        <source>checkpoint check failed</source>
        <translation>contrôle du point de contrôle en échec</translation>
    </message>
    <message>
        <source>checkpoint verified</source>
        <translation>point de contrôle vérifié</translation>
    </message>
    <message>
        <source>checkpoint</source>
        <translation>point de contrôle</translation>
    </message>
    <message>
        <source>A checkpoint is a signed statement of the history at one moment: its head commit and how many commits and evidence records existed. Kept outside the file, it lets an auditor detect a rollback or a rewritten history.</source>
        <translation>Un point de contrôle est une déclaration signée de l’historique à un instant : son commit de tête et le nombre de commits et de preuves qui existaient. Conservé hors du fichier, il permet à un auditeur de détecter un retour en arrière ou un historique réécrit.</translation>
    </message>
    <message>
        <source>Its signature verifies and the file&apos;s history continues from its head.</source>
        <translation>Sa signature est valide et l’historique du fichier continue depuis sa tête.</translation>
    </message>
    <message>
        <source>Its signature verifies, but the file does not continue the history it describes:</source>
        <translation>Sa signature est valide, mais le fichier ne prolonge pas l’historique qu’il décrit :</translation>
    </message>
    <message>
        <source>Its signature does not verify (%1):</source>
        <translation>Sa signature n’est pas valide (%1) :</translation>
    </message>
    <message>
        <source>Signer</source>
        <translation>Signataire</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>Tête</translation>
    </message>
    <message>
        <source>Head in this file</source>
        <translation>Tête dans ce fichier</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>oui</translation>
    </message>
    <message>
        <source>no — missing from the file</source>
        <translation>non — absente du fichier</translation>
    </message>
    <message>
        <source>Commits</source>
        <translation>Commits</translation>
    </message>
    <message>
        <source>%1 in the checkpoint, %2 in the file</source>
        <translation>%1 dans le point de contrôle, %2 dans le fichier</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Preuves</translation>
    </message>
    <message>
        <source>Sequence</source>
        <translation>Séquence</translation>
    </message>
    <message>
        <source>Created at</source>
        <translation>Créé le</translation>
    </message>
    <message>
        <source>Key era %1: %2 (%3)</source>
        <translation>Ère de clé %1 : %2 (%3)</translation>
    </message>
    <message>
        <source>%1 was revoked by control event %2 (%3) at cutoff %4. Its commits count as valid history only if they are ancestors of that cutoff; anything else it signed is not proven.</source>
        <translation>%1 a été révoquée par l’événement de contrôle %2 (%3) à la coupure %4. Ses commits ne comptent comme historique valide que s’ils sont des ancêtres de cette coupure ; rien d’autre de ce qu’elle a signé n’est prouvé.</translation>
    </message>
    <message>
        <source>%1 is active: it may sign new commits.</source>
        <translation>%1 est active : elle peut signer de nouveaux commits.</translation>
    </message>
    <message>
        <source>%1 is active: it may sign new records.</source>
        <translation>%1 est active : elle peut signer de nouveaux enregistrements.</translation>
    </message>
    <message>
        <source>Fingerprint</source>
        <translation>Empreinte</translation>
    </message>
    <message>
        <source>Public key (x)</source>
        <translation>Clé publique (x)</translation>
    </message>
    <message>
        <source>Granted by</source>
        <translation>Accordée par</translation>
    </message>
    <message>
        <source>Grant cutoff</source>
        <translation>Coupure d’octroi</translation>
    </message>
    <message>
        <source>Objects signed</source>
        <translation>Objets signés</translation>
    </message>
    <message numerus="yes">
        <source>%n field(s)</source>
        <translation>
            <numerusform>%n champ</numerusform>
            <numerusform>%n champs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n item(s)</source>
        <translation>
            <numerusform>%n élément</numerusform>
            <numerusform>%n éléments</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>EraTimeline</name>
    <message>
        <source>Key eras timeline</source>
        <translation>Chronologie des ères de clé</translation>
    </message>
    <message>
        <source>One row per key era. Up and Down select an era, Enter selects the era&apos;s cutoff commit.</source>
        <translation>Une ligne par ère de clé. Haut et Bas sélectionnent une ère ; Entrée sélectionne le commit de coupure de l’ère.</translation>
    </message>
    <message>
        <source>cutoff #%1</source>
        <translation>coupure #%1</translation>
    </message>
    <message>
        <source>grant</source>
        <translation>octroi</translation>
    </message>
    <message>
        <source>rotation</source>
        <translation>rotation</translation>
    </message>
    <message>
        <source>revocation</source>
        <translation>révocation</translation>
    </message>
    <message>
        <source>cutoff commit (click to select)</source>
        <translation>commit de coupure (cliquer pour sélectionner)</translation>
    </message>
    <message>
        <source>commit not valid</source>
        <translation>commit non valide</translation>
    </message>
    <message>
        <source>dark commit: drawn after its cutoff, from its branch point</source>
        <translation>commit sombre : dessiné après sa coupure, depuis son point de branchement</translation>
    </message>
    <message>
        <source>selected commit #%1</source>
        <translation>commit sélectionné #%1</translation>
    </message>
    <message>
        <source>Era %1: %2, %3, %4, from %5 at commit %6 to %7 at commit %8.</source>
        <translation>Ère %1 : %2, %3, %4, de %5 au commit %6 à %7 au commit %8.</translation>
    </message>
    <message>
        <source>&lt;b&gt;cutoff of %1&lt;/b&gt;&lt;br&gt;%2&lt;br&gt;DAG order position %3&lt;br&gt;Click to select this commit.</source>
        <translation>&lt;b&gt;coupure de %1&lt;/b&gt;&lt;br&gt;%2&lt;br&gt;position dans l’ordre du DAG %3&lt;br&gt;Cliquer pour sélectionner ce commit.</translation>
    </message>
    <message>
        <source>DAG order position %1</source>
        <translation>position dans l’ordre du DAG %1</translation>
    </message>
    <message>
        <source>outside the history the cutoff proves: drawn after the cutoff</source>
        <translation>hors de l’historique que prouve la coupure : dessiné après la coupure</translation>
    </message>
    <message>
        <source>its branch leaves the proven history at commit #%1</source>
        <translation>sa branche quitte l’historique prouvé au commit #%1</translation>
    </message>
    <message>
        <source>Click to select this commit.</source>
        <translation>Cliquer pour sélectionner ce commit.</translation>
    </message>
    <message>
        <source>fingerprint: %1</source>
        <translation>empreinte : %1</translation>
    </message>
    <message>
        <source>granted by %1: %2</source>
        <translation>accordée par %1 : %2</translation>
    </message>
    <message>
        <source>grant cutoff: %1</source>
        <translation>coupure d’octroi : %1</translation>
    </message>
    <message>
        <source>revoked by: %1 (%2)</source>
        <translation>révoquée par : %1 (%2)</translation>
    </message>
    <message>
        <source>no reason</source>
        <translation>sans motif</translation>
    </message>
    <message>
        <source>cutoff: %1</source>
        <translation>coupure : %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>aucune</translation>
    </message>
    <message>
        <source>also named: %1</source>
        <translation>aussi nommée : %1</translation>
    </message>
    <message>
        <source>commits signed: %1; timeline #%2–#%3</source>
        <translation>commits signés : %1 ; chronologie #%2–#%3</translation>
    </message>
    <message numerus="yes">
        <source>%n commit(s) of this key not valid: %1</source>
        <translation>
            <numerusform>%n commit de cette clé non valide : %1</numerusform>
            <numerusform>%n commits de cette clé non valides : %1</numerusform>
        </translation>
    </message>
    <message>
        <source>No file open</source>
        <translation>Aucun fichier ouvert</translation>
    </message>
    <message>
        <source>Nothing to show: the file could not be verified</source>
        <translation>Rien à afficher : le fichier n’a pas pu être vérifié</translation>
    </message>
    <message>
        <source>No key eras in this store</source>
        <translation>Aucune ère de clé dans ce magasin</translation>
    </message>
    <message>
        <source>Key · role</source>
        <translation>Clé · rôle</translation>
    </message>
    <message>
        <source>Key · role · fingerprint</source>
        <translation>Clé · rôle · empreinte</translation>
    </message>
    <message numerus="yes">
        <source>commit # in proven DAG order · %n commit(s)</source>
        <translation>
            <numerusform>commit n° dans l’ordre prouvé du DAG · %n commit</numerusform>
            <numerusform>commit n° dans l’ordre prouvé du DAG · %n commits</numerusform>
        </translation>
    </message>
    <message>
        <source>active</source>
        <translation>active</translation>
    </message>
    <message>
        <source>rotated out</source>
        <translation>remplacée par rotation</translation>
    </message>
    <message>
        <source>revoked: %1</source>
        <translation>révoquée : %1</translation>
    </message>
    <message numerus="yes">
        <source>%n commit(s)</source>
        <translation>
            <numerusform>%n commit</numerusform>
            <numerusform>%n commits</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n not valid</source>
        <translation>
            <numerusform>%n non valide</numerusform>
            <numerusform>%n non valides</numerusform>
        </translation>
    </message>
    <message>
        <source>(no cutoff)</source>
        <translation>(pas de coupure)</translation>
    </message>
    <message>
        <source>active →</source>
        <translation>active →</translation>
    </message>
    <message>
        <source>(no cutoff in store)</source>
        <translation>(pas de coupure dans le magasin)</translation>
    </message>
</context>
<context>
    <name>FindingsView</name>
    <message>
        <source>Filter findings by severity</source>
        <translation>Filtrer les constats par gravité</translation>
    </message>
    <message>
        <source>All severities</source>
        <translation>Toutes les gravités</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>Erreurs</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>Avertissements</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Notes</translation>
    </message>
    <message>
        <source>Search findings…</source>
        <translation>Rechercher des constats…</translation>
    </message>
    <message>
        <source>Search findings</source>
        <translation>Rechercher des constats</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>Afficher :</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>Constats</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 sur %2</translation>
    </message>
</context>
<context>
    <name>GraphCanvas</name>
    <message>
        <source>Commit neighbourhood graph</source>
        <translation>Graphe du voisinage du commit</translation>
    </message>
    <message>
        <source>Arrow keys move between commits, Enter or Space selects, plus and minus zoom, 0 fits.</source>
        <translation>Les flèches passent d’un commit à l’autre, Entrée ou Espace sélectionne, plus et moins zooment, 0 ajuste.</translation>
    </message>
    <message>
        <source>no status</source>
        <translation>pas de statut</translation>
    </message>
    <message>
        <source>Current commit %1, %2, era %3. Arrow keys move, Enter selects.</source>
        <translation>Commit courant %1, %2, ère %3. Les flèches déplacent, Entrée sélectionne.</translation>
    </message>
</context>
<context>
    <name>GraphView</name>
    <message>
        <source>no status</source>
        <translation>pas de statut</translation>
    </message>
    <message>
        <source>status: %1</source>
        <translation>statut : %1</translation>
    </message>
    <message>
        <source>era: %1</source>
        <translation>ère : %1</translation>
    </message>
    <message>
        <source>memory type: %1</source>
        <translation>type de mémoire : %1</translation>
    </message>
    <message>
        <source>timestamp: %1</source>
        <translation>horodatage : %1</translation>
    </message>
    <message>
        <source>DAG order position: %1</source>
        <translation>position dans l’ordre du DAG : %1</translation>
    </message>
    <message>
        <source>merge commit</source>
        <translation>commit de fusion</translation>
    </message>
    <message>
        <source>cutoff commit of %1</source>
        <translation>commit de coupure de %1</translation>
    </message>
    <message>
        <source>parents beyond this neighbourhood: %1</source>
        <translation>parents hors de ce voisinage : %1</translation>
    </message>
    <message>
        <source>children beyond this neighbourhood: %1</source>
        <translation>enfants hors de ce voisinage : %1</translation>
    </message>
    <message>
        <source>merge</source>
        <translation>fusion</translation>
    </message>
    <message>
        <source>cutoff of %1</source>
        <translation>coupure de %1</translation>
    </message>
    <message>
        <source>&amp;Generations:</source>
        <translation>&amp;Générations :</translation>
    </message>
    <message>
        <source>Generations</source>
        <translation>Générations</translation>
    </message>
    <message>
        <source>How many parent/child steps around the commit to show</source>
        <translation>Combien de pas parent/enfant afficher autour du commit</translation>
    </message>
    <message>
        <source>Parent/child steps shown around the commit (1–10)</source>
        <translation>Pas parent/enfant affichés autour du commit (1–10)</translation>
    </message>
    <message>
        <source>&amp;Fit</source>
        <translation>&amp;Ajuster</translation>
    </message>
    <message>
        <source>Fit graph to view</source>
        <translation>Ajuster le graphe à la vue</translation>
    </message>
    <message>
        <source>Fit the whole neighbourhood into the view (0)</source>
        <translation>Ajuster tout le voisinage à la vue (0)</translation>
    </message>
    <message>
        <source>Era c&amp;utoff:</source>
        <translation>C&amp;oupure d’ère :</translation>
    </message>
    <message>
        <source>Era cutoff</source>
        <translation>Coupure d’ère</translation>
    </message>
    <message>
        <source>Eras whose revocation or rotation names a cutoff commit</source>
        <translation>Ères dont la révocation ou la rotation nomme un commit de coupure</translation>
    </message>
    <message>
        <source>Around &amp;cutoff…</source>
        <translation>Autour de la &amp;coupure…</translation>
    </message>
    <message>
        <source>Show commits around the era&apos;s cutoff</source>
        <translation>Afficher les commits autour de la coupure de l’ère</translation>
    </message>
    <message>
        <source>Show the commits around the cutoff of the era chosen on the left</source>
        <translation>Afficher les commits autour de la coupure de l’ère choisie à gauche</translation>
    </message>
    <message>
        <source>&amp;Export GraphML…</source>
        <translation>&amp;Exporter en GraphML…</translation>
    </message>
    <message>
        <source>Export commit graph as GraphML</source>
        <translation>Exporter le graphe des commits en GraphML</translation>
    </message>
    <message>
        <source>Write the whole commit DAG to a GraphML file</source>
        <translation>Écrire tout le DAG des commits dans un fichier GraphML</translation>
    </message>
    <message>
        <source>Graph caption</source>
        <translation>Légende du graphe</translation>
    </message>
    <message>
        <source>%1 (era %2) — %3</source>
        <translation>%1 (ère %2) — %3</translation>
    </message>
    <message>
        <source>revoked</source>
        <translation>révoquée</translation>
    </message>
    <message>
        <source>no era has a cutoff</source>
        <translation>aucune ère n’a de coupure</translation>
    </message>
    <message>
        <source>Export GraphML</source>
        <translation>Exporter en GraphML</translation>
    </message>
    <message>
        <source>GraphML files (*.graphml);;All files (*)</source>
        <translation>Fichiers GraphML (*.graphml);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Could not write %1:
%2</source>
        <translation>Impossible d’écrire %1 :
%2</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n commit(s) to %1</source>
        <translation>
            <numerusform>%n commit exporté vers %1</numerusform>
            <numerusform>%n commits exportés vers %1</numerusform>
        </translation>
    </message>
    <message>
        <source>No file open.</source>
        <translation>Aucun fichier ouvert.</translation>
    </message>
    <message>
        <source>No file open</source>
        <translation>Aucun fichier ouvert</translation>
    </message>
    <message numerus="yes">
        <source>%n commit(s). Select a commit to see its neighbourhood.</source>
        <translation>
            <numerusform>%n commit. Sélectionnez un commit pour voir son voisinage.</numerusform>
            <numerusform>%n commits. Sélectionnez un commit pour voir son voisinage.</numerusform>
        </translation>
    </message>
    <message>
        <source>Select a commit to see its neighbourhood</source>
        <translation>Sélectionnez un commit pour voir son voisinage</translation>
    </message>
    <message>
        <source>%1 is not a commit of this store.</source>
        <translation>%1 n’est pas un commit de ce magasin.</translation>
    </message>
    <message>
        <source>Commit not in the store</source>
        <translation>Commit absent du magasin</translation>
    </message>
    <message>
        <source>no era</source>
        <translation>aucune ère</translation>
    </message>
    <message>
        <source>Around the cutoff of %1 (era %2): %3</source>
        <translation>Autour de la coupure de %1 (ère %2) : %3</translation>
    </message>
    <message>
        <source>Neighbourhood of %1</source>
        <translation>Voisinage de %1</translation>
    </message>
    <message numerus="yes">
        <source>%n generation(s)</source>
        <translation>
            <numerusform>%n génération</numerusform>
            <numerusform>%n générations</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n commit(s) in %1 columns (parents left, children right)</source>
        <translation>
            <numerusform>%n commit sur %1 colonnes (parents à gauche, enfants à droite)</numerusform>
            <numerusform>%n commits sur %1 colonnes (parents à gauche, enfants à droite)</numerusform>
        </translation>
    </message>
    <message>
        <source>green: inside the proven history</source>
        <translation>vert : dans l’historique prouvé</translation>
    </message>
</context>
<context>
    <name>History</name>
    <message>
        <source>weight</source>
        <translation>poids</translation>
    </message>
    <message>
        <source>label</source>
        <translation>étiquette</translation>
    </message>
    <message>
        <source>(revoked)</source>
        <translation>(révoquée)</translation>
    </message>
    <message>
        <source>(unreadable)</source>
        <translation>(illisible)</translation>
    </message>
    <message>
        <source>checkpoint head</source>
        <translation>tête du point de contrôle</translation>
    </message>
    <message>
        <source>label %1 (rank %2): untrusted</source>
        <translation>étiquette %1 (rang %2) : non fiable</translation>
    </message>
    <message>
        <source>the head of the attached checkpoint</source>
        <translation>la tête du point de contrôle joint</translation>
    </message>
    <message>
        <source>inside the shaded proven history</source>
        <translation>dans l’historique prouvé ombré</translation>
    </message>
</context>
<context>
    <name>HistoryView</name>
    <message>
        <source>Search id or content…  (Ctrl+F)</source>
        <translation>Rechercher un id ou un contenu…  (Ctrl+F)</translation>
    </message>
    <message>
        <source>Search history</source>
        <translation>Rechercher dans l’historique</translation>
    </message>
    <message>
        <source>Filter by status</source>
        <translation>Filtrer par statut</translation>
    </message>
    <message>
        <source>Filter by era</source>
        <translation>Filtrer par ère</translation>
    </message>
    <message>
        <source>Filter by memory type</source>
        <translation>Filtrer par type de mémoire</translation>
    </message>
    <message>
        <source>Status:</source>
        <translation>Statut :</translation>
    </message>
    <message>
        <source>Era:</source>
        <translation>Ère :</translation>
    </message>
    <message>
        <source>Type:</source>
        <translation>Type :</translation>
    </message>
    <message>
        <source>Proven region</source>
        <translation>Région prouvée</translation>
    </message>
    <message>
        <source>Clear shading</source>
        <translation>Effacer l’ombrage</translation>
    </message>
    <message>
        <source>Commit history</source>
        <translation>Historique des commits</translation>
    </message>
    <message>
        <source>All</source>
        <translation>Tous</translation>
    </message>
    <message>
        <source>Problems only</source>
        <translation>Problèmes seulement</translation>
    </message>
    <message numerus="yes">
        <source>untrusted (%n)</source>
        <translation>
            <numerusform>non fiables (%n)</numerusform>
            <numerusform>non fiables (%n)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 sur %2</translation>
    </message>
    <message numerus="yes">
        <source>%n commit(s)</source>
        <translation>
            <numerusform>%n commit</numerusform>
            <numerusform>%n commits</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LabelsView</name>
    <message>
        <source>A receipt proves what was disclosed and in which order — not that nothing else existed or was withheld.</source>
        <translation>Un reçu prouve ce qui a été divulgué et dans quel ordre — pas que rien d’autre n’existait ni n’a été retenu.</translation>
    </message>
    <message>
        <source>This file carries no MutMem labels or recall receipts.</source>
        <translation>Ce fichier ne porte ni étiquettes MutMem ni reçus de rappel.</translation>
    </message>
    <message>
        <source>no label</source>
        <translation>pas d’étiquette</translation>
    </message>
    <message>
        <source>untrusted</source>
        <translation>non fiable</translation>
    </message>
    <message>
        <source>No file open.</source>
        <translation>Aucun fichier ouvert.</translation>
    </message>
    <message>
        <source>Label chain</source>
        <translation>Chaîne d’étiquettes</translation>
    </message>
    <message>
        <source>Labelled memories:</source>
        <translation>Mémoires étiquetées :</translation>
    </message>
    <message>
        <source>Memories that carry at least one label record</source>
        <translation>Mémoires qui portent au moins un enregistrement d’étiquette</translation>
    </message>
    <message>
        <source>Recall receipts</source>
        <translation>Reçus de rappel</translation>
    </message>
    <message>
        <source>Select a receipt to see what it disclosed.</source>
        <translation>Sélectionnez un reçu pour voir ce qu’il a divulgué.</translation>
    </message>
    <message>
        <source>Export inclusion proof…</source>
        <translation>Exporter une preuve d’inclusion…</translation>
    </message>
    <message>
        <source>Save an RFC 6962 inclusion proof of the selected entry as JSON</source>
        <translation>Enregistrer en JSON une preuve d’inclusion RFC 6962 de l’entrée sélectionnée</translation>
    </message>
    <message>
        <source>this receipt has no root: there is nothing to prove inclusion under</source>
        <translation>ce reçu n’a pas de racine : il n’y a rien sous quoi prouver une inclusion</translation>
    </message>
    <message>
        <source>Export inclusion proof</source>
        <translation>Exporter une preuve d’inclusion</translation>
    </message>
    <message>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>Fichiers JSON (*.json);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Saved %1: entry %2 of %3 is included under root %4…</source>
        <translation>%1 enregistré : l’entrée %2 sur %3 est incluse sous la racine %4…</translation>
    </message>
    <message>
        <source>Saved %1, but the proof does not check</source>
        <translation>%1 enregistré, mais la preuve ne se vérifie pas</translation>
    </message>
    <message>
        <source>Select a memory to see its label chain.</source>
        <translation>Sélectionnez une mémoire pour voir sa chaîne d’étiquettes.</translation>
    </message>
    <message>
        <source>trusted</source>
        <translation>fiable</translation>
    </message>
    <message>
        <source>Memory %1 — “%2”</source>
        <translation>Mémoire %1 — « %2 »</translation>
    </message>
    <message>
        <source>Now: %1 (%2) · weight %3 · </source>
        <translation>Maintenant : %1 (%2) · poids %3 · </translation>
    </message>
    <message numerus="yes">
        <source>%n label record(s), none ever deleted</source>
        <translation>
            <numerusform>%n enregistrement d’étiquette, aucun jamais supprimé</numerusform>
            <numerusform>%n enregistrements d’étiquette, aucun jamais supprimé</numerusform>
        </translation>
    </message>
    <message>
        <source>Chain:</source>
        <translation>Chaîne :</translation>
    </message>
    <message>
        <source>No label records: the label is null (ranks like &lt;i&gt;unverified&lt;/i&gt;, trusted).</source>
        <translation>Aucun enregistrement d’étiquette : l’étiquette est nulle (même rang que &lt;i&gt;unverified&lt;/i&gt;, fiable).</translation>
    </message>
    <message>
        <source>label record %1</source>
        <translation>enregistrement d’étiquette %1</translation>
    </message>
    <message>
        <source>restriction rank: supported/poison_refuted 0, unverified 1, disputed 2, poison_suspect 3, poison_likely 4, poison_confirmed 5; rank ≥ 3 is untrusted</source>
        <translation>rang de restriction : supported/poison_refuted 0, unverified 1, disputed 2, poison_suspect 3, poison_likely 4, poison_confirmed 5 ; un rang ≥ 3 n’est pas fiable</translation>
    </message>
    <message>
        <source>no evidence cited</source>
        <translation>aucune preuve citée</translation>
    </message>
    <message>
        <source>index %1 in DAG order</source>
        <translation>indice %1 dans l’ordre du DAG</translation>
    </message>
    <message>
        <source>root recomputes</source>
        <translation>la racine se recalcule</translation>
    </message>
    <message>
        <source>root mismatch</source>
        <translation>racine différente</translation>
    </message>
    <message>
        <source>valid</source>
        <translation>valide</translation>
    </message>
    <message>
        <source>invalid (%1)</source>
        <translation>non valide (%1)</translation>
    </message>
    <message>
        <source>stated root %1
recomputed root %2</source>
        <translation>racine déclarée %1
racine recalculée %2</translation>
    </message>
    <message>
        <source>all receipt checks pass</source>
        <translation>tous les contrôles du reçu passent</translation>
    </message>
    <message>
        <source>evidence record status %1</source>
        <translation>statut de la preuve %1</translation>
    </message>
    <message>
        <source>This file has no recall receipts.</source>
        <translation>Ce fichier n’a pas de reçus de rappel.</translation>
    </message>
    <message>
        <source>Receipt %1: %2 of k = %3 disclosed at head %4 · query %5 · root %6</source>
        <translation>Reçu %1 : %2 sur k = %3 divulgués à la tête %4 · requête %5 · racine %6</translation>
    </message>
    <message>
        <source>Could not export the proof: %1</source>
        <translation>Impossible d’exporter la preuve : %1</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Aleth Inspector</source>
        <translation>Aleth Inspector</translation>
    </message>
    <message>
        <source>Views</source>
        <translation>Vues</translation>
    </message>
    <message>
        <source>&amp;Overview</source>
        <translation>&amp;Aperçu</translation>
    </message>
    <message>
        <source>&amp;History</source>
        <translation>&amp;Historique</translation>
    </message>
    <message>
        <source>&amp;Graph</source>
        <translation>&amp;Graphe</translation>
    </message>
    <message>
        <source>&amp;Weights</source>
        <translation>&amp;Poids</translation>
    </message>
    <message>
        <source>&amp;Labels &amp;&amp; receipts</source>
        <translation>É&amp;tiquettes et reçus</translation>
    </message>
    <message>
        <source>Banner</source>
        <translation>Bannière</translation>
    </message>
    <message>
        <source>Open a sealed .aleth file or a store directory
(File → Open, Ctrl+O, or drop it here).</source>
        <translation>Ouvrez un fichier scellé .aleth ou un répertoire de magasin
(Fichier → Ouvrir, Ctrl+O, ou déposez-le ici).</translation>
    </message>
    <message>
        <source>Key eras</source>
        <translation>Ères de clé</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>Constats</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Détail</translation>
    </message>
    <message>
        <source>No file open</source>
        <translation>Aucun fichier ouvert</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Verdict</translation>
    </message>
    <message>
        <source>Verification progress</source>
        <translation>Progression de la vérification</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <source>&amp;Open file…</source>
        <translation>&amp;Ouvrir un fichier…</translation>
    </message>
    <message>
        <source>Open &amp;directory store…</source>
        <translation>Ouvrir un magasin &amp;répertoire…</translation>
    </message>
    <message>
        <source>&amp;Recent files</source>
        <translation>Fichiers &amp;récents</translation>
    </message>
    <message>
        <source>&amp;Reload</source>
        <translation>&amp;Recharger</translation>
    </message>
    <message>
        <source>Attach &amp;checkpoint…</source>
        <translation>Joindre un &amp;point de contrôle…</translation>
    </message>
    <message>
        <source>Detac&amp;h checkpoint</source>
        <translation>&amp;Détacher le point de contrôle</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Fermer</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>&amp;Exporter</translation>
    </message>
    <message>
        <source>Report as &amp;JSON…</source>
        <translation>Rapport en &amp;JSON…</translation>
    </message>
    <message>
        <source>Report as &amp;HTML…</source>
        <translation>Rapport en &amp;HTML…</translation>
    </message>
    <message>
        <source>Report as &amp;PDF…</source>
        <translation>Rapport en &amp;PDF…</translation>
    </message>
    <message>
        <source>DAG as &amp;GraphML…</source>
        <translation>DAG en &amp;GraphML…</translation>
    </message>
    <message>
        <source>Weights plot as P&amp;NG…</source>
        <translation>Graphique des poids en P&amp;NG…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>Aperçu</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Historique</translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>Graphe</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Poids</translation>
    </message>
    <message>
        <source>Labels and receipts</source>
        <translation>Étiquettes et reçus</translation>
    </message>
    <message>
        <source>Show pane: %1</source>
        <translation>Afficher le panneau : %1</translation>
    </message>
    <message>
        <source>&amp;Reset layout</source>
        <translation>&amp;Réinitialiser la disposition</translation>
    </message>
    <message>
        <source>&amp;Find in history</source>
        <translation>&amp;Rechercher dans l’historique</translation>
    </message>
    <message>
        <source>Next &amp;problem</source>
        <translation>&amp;Problème suivant</translation>
    </message>
    <message>
        <source>Jump to first &amp;error</source>
        <translation>Aller à la première &amp;erreur</translation>
    </message>
    <message>
        <source>Show &amp;errors only</source>
        <translation>N’afficher que les &amp;erreurs</translation>
    </message>
    <message>
        <source>&amp;Author</source>
        <translation>&amp;Modifier</translation>
    </message>
    <message>
        <source>&amp;Rotate key…</source>
        <translation>&amp;Faire tourner une clé…</translation>
    </message>
    <message>
        <source>Re&amp;voke key…</source>
        <translation>Ré&amp;voquer une clé…</translation>
    </message>
    <message>
        <source>&amp;Grant role key…</source>
        <translation>&amp;Accorder une clé de rôle…</translation>
    </message>
    <message>
        <source>&amp;Migrate v0.1 store…</source>
        <translation>&amp;Migrer un magasin v0.1…</translation>
    </message>
    <message>
        <source>Re-&amp;key (new passphrase)…</source>
        <translation>Changer la &amp;clé (nouvelle phrase secrète)…</translation>
    </message>
    <message>
        <source>Re&amp;cover with recovery code…</source>
        <translation>Ré&amp;cupérer avec le code de récupération…</translation>
    </message>
    <message>
        <source>Add &amp;label…</source>
        <translation>Ajouter une é&amp;tiquette…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Aide</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Raccourcis clavier</translation>
    </message>
    <message>
        <source>&amp;About</source>
        <translation>À &amp;propos</translation>
    </message>
    <message>
        <source>Open .aleth file</source>
        <translation>Ouvrir un fichier .aleth</translation>
    </message>
    <message>
        <source>Aleth files (*.aleth);;All files (*)</source>
        <translation>Fichiers Aleth (*.aleth);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Open alethech store directory</source>
        <translation>Ouvrir un répertoire de magasin alethech</translation>
    </message>
    <message>
        <source>Not found</source>
        <translation>Introuvable</translation>
    </message>
    <message>
        <source>%1 does not exist.</source>
        <translation>%1 n’existe pas.</translation>
    </message>
    <message>
        <source>unlocking…</source>
        <translation>déverrouillage…</translation>
    </message>
    <message>
        <source>reading…</source>
        <translation>lecture…</translation>
    </message>
    <message>
        <source>Attach checkpoint</source>
        <translation>Joindre un point de contrôle</translation>
    </message>
    <message>
        <source>Checkpoint JSON (*.json);;All files (*)</source>
        <translation>Point de contrôle JSON (*.json);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>No file</source>
        <translation>Aucun fichier</translation>
    </message>
    <message>
        <source>Open a file first, then attach its checkpoint.</source>
        <translation>Ouvrez d’abord un fichier, puis joignez son point de contrôle.</translation>
    </message>
    <message>
        <source>Could not read %1: %2</source>
        <translation>Impossible de lire %1 : %2</translation>
    </message>
    <message>
        <source>unlocking</source>
        <translation>déverrouillage</translation>
    </message>
    <message>
        <source>reading</source>
        <translation>lecture</translation>
    </message>
    <message>
        <source>laying out history</source>
        <translation>mise en page de l’historique</translation>
    </message>
    <message>
        <source>Aleth Inspector — %1</source>
        <translation>Aleth Inspector — %1</translation>
    </message>
    <message>
        <source>Wrong passphrase or recovery code — try again.</source>
        <translation>Phrase secrète ou code de récupération erroné — réessayez.</translation>
    </message>
    <message>
        <source>Could not decrypt: wrong passphrase, or the file was modified.</source>
        <translation>Déchiffrement impossible : phrase secrète erronée, ou le fichier a été modifié.</translation>
    </message>
    <message>
        <source>Aleth Inspector — %1 (internal error)</source>
        <translation>Aleth Inspector — %1 (erreur interne)</translation>
    </message>
    <message>
        <source>Aleth Inspector — %1 (unopenable)</source>
        <translation>Aleth Inspector — %1 (impossible à ouvrir)</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>annulé</translation>
    </message>
    <message numerus="yes">
        <source>Shaded: the proven history of %1 — the %n commit(s) up to its cutoff %2</source>
        <translation>
            <numerusform>Ombré : l’historique prouvé de %1 — le %n commit jusqu’à sa coupure %2</numerusform>
            <numerusform>Ombré : l’historique prouvé de %1 — les %n commits jusqu’à sa coupure %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Clear recent files</source>
        <translation>Effacer les fichiers récents</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>HTML (*.html)</source>
        <translation>HTML (*.html)</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Export report as %1</source>
        <translation>Exporter le rapport en %1</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exporter</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>Impossible d’écrire %1 : %2</translation>
    </message>
    <message>
        <source>Open a file first.</source>
        <translation>Ouvrez d’abord un fichier.</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Raccourcis clavier</translation>
    </message>
    <message>
        <source>About Aleth Inspector</source>
        <translation>À propos d’Aleth Inspector</translation>
    </message>
    <message>
        <source>Verifies alethech agent-memory files. Integrity is not truth: a valid signature proves who wrote a memory, not that it is correct.</source>
        <translation>Vérifie les fichiers de mémoire d’agent alethech. L’intégrité n’est pas la vérité : une signature valide prouve qui a écrit une mémoire, pas qu’elle est exacte.</translation>
    </message>
</context>
<context>
    <name>MemoryTableModel</name>
    <message>
        <source>current milli-weight at HEAD (▲ above, ▼ below the 1000 start)</source>
        <translation>milli-poids actuel à HEAD (▲ au-dessus, ▼ en dessous du départ 1000)</translation>
    </message>
    <message>
        <source>a memory whose label ranks 3 or more is untrusted</source>
        <translation>une mémoire dont l’étiquette est de rang 3 ou plus n’est pas fiable</translation>
    </message>
    <message>
        <source>number of weight transitions</source>
        <translation>nombre de transitions de poids</translation>
    </message>
    <message>
        <source>untrusted</source>
        <translation>non fiable</translation>
    </message>
    <message numerus="yes">
        <source>%n label record(s); the chain is in the Labels view</source>
        <translation>
            <numerusform>%n enregistrement d’étiquette ; la chaîne est dans la vue Étiquettes</numerusform>
            <numerusform>%n enregistrements d’étiquette ; la chaîne est dans la vue Étiquettes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>OverviewView</name>
    <message>
        <source>Integrity is not truth: a valid signature proves who wrote a memory and that it is unchanged, not that what it says is correct.</source>
        <translation>L’intégrité n’est pas la vérité : une signature valide prouve qui a écrit une mémoire et qu’elle n’a pas changé, pas que ce qu’elle dit est exact.</translation>
    </message>
    <message>
        <source>A receipt shows what was disclosed, not what was withheld.</source>
        <translation>Un reçu montre ce qui a été divulgué, pas ce qui a été retenu.</translation>
    </message>
    <message>
        <source>Without an external checkpoint, rollback cannot be detected: an older complete copy of the file verifies just as well.</source>
        <translation>Sans point de contrôle externe, un retour en arrière est indétectable : une copie complète plus ancienne du fichier se vérifie tout aussi bien.</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>Aperçu</translation>
    </message>
    <message>
        <source>Why the file could not be opened</source>
        <translation>Pourquoi le fichier n’a pas pu être ouvert</translation>
    </message>
    <message>
        <source>Try another passphrase / recovery code…</source>
        <translation>Essayer une autre phrase secrète / code de récupération…</translation>
    </message>
    <message>
        <source>The inspector stopped with an unexpected error. This is a bug in the inspector, not a verdict on the file: the file was not changed. Please copy the crash report below into a bug report.</source>
        <translation>L’inspecteur s’est arrêté sur une erreur inattendue. C’est un bogue de l’inspecteur, pas un verdict sur le fichier : le fichier n’a pas été modifié. Copiez le rapport de plantage ci-dessous dans un rapport de bogue.</translation>
    </message>
    <message>
        <source>Crash report</source>
        <translation>Rapport de plantage</translation>
    </message>
    <message>
        <source>&amp;Copy crash report</source>
        <translation>&amp;Copier le rapport de plantage</translation>
    </message>
    <message>
        <source>No file open.</source>
        <translation>Aucun fichier ouvert.</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Fichier</translation>
    </message>
    <message>
        <source>SHA-256</source>
        <translation>SHA-256</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Taille</translation>
    </message>
    <message numerus="yes">
        <source>%n byte(s)</source>
        <translation>
            <numerusform>%n octet</numerusform>
            <numerusform>%n octets</numerusform>
        </translation>
    </message>
    <message>
        <source>unlocked with the passphrase</source>
        <translation>déverrouillé avec la phrase secrète</translation>
    </message>
    <message>
        <source>unlocked with the recovery code</source>
        <translation>déverrouillé avec le code de récupération</translation>
    </message>
    <message>
        <source>not sealed (directory store)</source>
        <translation>non scellé (magasin répertoire)</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>Format</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>Agent</translation>
    </message>
    <message>
        <source>HEAD</source>
        <translation>HEAD</translation>
    </message>
    <message numerus="yes">
        <source>%n commit(s)</source>
        <translation>
            <numerusform>%n commit</numerusform>
            <numerusform>%n commits</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n evidence record(s)</source>
        <translation>
            <numerusform>%n preuve</numerusform>
            <numerusform>%n preuves</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n MutMem record(s)</source>
        <translation>
            <numerusform>%n enregistrement MutMem</numerusform>
            <numerusform>%n enregistrements MutMem</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n recall receipt(s)</source>
        <translation>
            <numerusform>%n reçu de rappel</numerusform>
            <numerusform>%n reçus de rappel</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n memory(ies) with MutMem state</source>
        <translation>
            <numerusform>%n mémoire avec un état MutMem</numerusform>
            <numerusform>%n mémoires avec un état MutMem</numerusform>
        </translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>Contenu</translation>
    </message>
    <message>
        <source>Checkpoint</source>
        <translation>Point de contrôle</translation>
    </message>
    <message>
        <source>Untrusted</source>
        <translation>Non fiables</translation>
    </message>
    <message numerus="yes">
        <source>%n memory(ies) labelled poison_suspect or worse</source>
        <translation>
            <numerusform>%n mémoire étiquetée poison_suspect ou pire</numerusform>
            <numerusform>%n mémoires étiquetées poison_suspect ou pire</numerusform>
        </translation>
    </message>
    <message>
        <source>Key eras</source>
        <translation>Ères de clé</translation>
    </message>
    <message>
        <source>active</source>
        <translation>active</translation>
    </message>
    <message>
        <source>rotated out at cutoff %1</source>
        <translation>remplacée par rotation à la coupure %1</translation>
    </message>
    <message>
        <source>revoked (%1) at cutoff %2</source>
        <translation>révoquée (%1) à la coupure %2</translation>
    </message>
    <message>
        <source>No key eras (no identity could be read).</source>
        <translation>Aucune ère de clé (aucune identité n’a pu être lue).</translation>
    </message>
    <message>
        <source>Problems, by what they mean</source>
        <translation>Problèmes, selon ce qu’ils signifient</translation>
    </message>
    <message>
        <source>No findings.</source>
        <translation>Aucun constat.</translation>
    </message>
    <message numerus="yes">
        <source>%n finding(s)</source>
        <translation>
            <numerusform>%n constat</numerusform>
            <numerusform>%n constats</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more (see Findings)</source>
        <translation>
            <numerusform>… et %n de plus (voir Constats)</numerusform>
            <numerusform>… et %n de plus (voir Constats)</numerusform>
        </translation>
    </message>
    <message>
        <source>What a verdict does not prove</source>
        <translation>Ce qu’un verdict ne prouve pas</translation>
    </message>
    <message>
        <source>This file could not be opened</source>
        <translation>Ce fichier n’a pas pu être ouvert</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Code</translation>
    </message>
    <message>
        <source>Meaning</source>
        <translation>Signification</translation>
    </message>
    <message>
        <source>Expected</source>
        <translation>Attendu</translation>
    </message>
    <message>
        <source>Found</source>
        <translation>Trouvé</translation>
    </message>
    <message>
        <source>Likely cause</source>
        <translation>Cause probable</translation>
    </message>
    <message>
        <source>What to do</source>
        <translation>Que faire</translation>
    </message>
    <message>
        <source>Nothing was changed. Try another passphrase, or the recovery code (aleth-recovery-v1:…).</source>
        <translation>Rien n’a été modifié. Essayez une autre phrase secrète, ou le code de récupération (aleth-recovery-v1:…).</translation>
    </message>
    <message>
        <source>Nothing was changed. If you expected this file to open, compare its SHA-256 with a copy you trust; a damaged or truncated file cannot be verified.</source>
        <translation>Rien n’a été modifié. Si vous pensiez pouvoir ouvrir ce fichier, comparez son SHA-256 avec une copie de confiance ; un fichier endommagé ou tronqué ne peut pas être vérifié.</translation>
    </message>
    <message>
        <source>Copied ✔</source>
        <translation>Copié ✔</translation>
    </message>
</context>
<context>
    <name>Severity</name>
    <message>
        <source>Error</source>
        <translation>Erreur</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>Avertissement</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Note</translation>
    </message>
</context>
<context>
    <name>Status</name>
    <message>
        <source>✔ valid</source>
        <translation>✔ valide</translation>
    </message>
    <message>
        <source>✔ historical</source>
        <translation>✔ historique</translation>
    </message>
    <message>
        <source>✖ dark (unproven)</source>
        <translation>✖ sombre (non prouvé)</translation>
    </message>
    <message>
        <source>✖ digest mismatch</source>
        <translation>✖ empreinte différente</translation>
    </message>
    <message>
        <source>✖ bad signature</source>
        <translation>✖ signature invalide</translation>
    </message>
    <message>
        <source>✖ missing parent</source>
        <translation>✖ parent manquant</translation>
    </message>
    <message>
        <source>✖ unknown key</source>
        <translation>✖ clé inconnue</translation>
    </message>
    <message>
        <source>✖ unknown identity</source>
        <translation>✖ identité inconnue</translation>
    </message>
    <message>
        <source>✖ malformed</source>
        <translation>✖ mal formé</translation>
    </message>
</context>
<context>
    <name>Summary</name>
    <message>
        <source>PASS</source>
        <translation>RÉUSSI</translation>
    </message>
    <message>
        <source>FAIL</source>
        <translation>ÉCHEC</translation>
    </message>
    <message>
        <source>UNOPENABLE</source>
        <translation>IMPOSSIBLE À OUVRIR</translation>
    </message>
    <message>
        <source>INDETERMINATE</source>
        <translation>INDÉTERMINÉ</translation>
    </message>
    <message>
        <source>ERROR</source>
        <translation>ERREUR</translation>
    </message>
    <message>
        <source>INTERRUPTED</source>
        <translation>INTERROMPU</translation>
    </message>
    <message numerus="yes">
        <source>%n commit(s) signed by %1 after it was rotated out</source>
        <translation>
            <numerusform>%n commit signé par %1 après sa rotation</numerusform>
            <numerusform>%n commits signés par %1 après sa rotation</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n commit(s) signed by %1 after it was revoked</source>
        <translation>
            <numerusform>%n commit signé par %1 après sa révocation</numerusform>
            <numerusform>%n commits signés par %1 après sa révocation</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n commit(s) outside the history a revoked key may speak for</source>
        <translation>
            <numerusform>%n commit hors de l’historique dont une clé révoquée peut répondre</numerusform>
            <numerusform>%n commits hors de l’historique dont une clé révoquée peut répondre</numerusform>
        </translation>
    </message>
    <message>
        <source>The file does not continue the history the checkpoint saw: %1</source>
        <translation>Le fichier ne prolonge pas l’historique qu’a vu le point de contrôle : %1</translation>
    </message>
    <message numerus="yes">
        <source>(and %n more error(s))</source>
        <translation>
            <numerusform>(et %n autre erreur)</numerusform>
            <numerusform>(et %n autres erreurs)</numerusform>
        </translation>
    </message>
    <message>
        <source>Every id, signature and link checks; every key era holds.</source>
        <translation>Chaque id, signature et lien est vérifié ; chaque ère de clé tient.</translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s) to read.</source>
        <translation>
            <numerusform>%n avertissement à lire.</numerusform>
            <numerusform>%n avertissements à lire.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n erreur</numerusform>
            <numerusform>%n erreurs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n avertissement</numerusform>
            <numerusform>%n avertissements</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n note(s)</source>
        <translation>
            <numerusform>%n note</numerusform>
            <numerusform>%n notes</numerusform>
        </translation>
    </message>
    <message>
        <source>Checkpoint verified</source>
        <translation>Point de contrôle vérifié</translation>
    </message>
    <message>
        <source>(head %1)</source>
        <translation>(tête %1)</translation>
    </message>
    <message>
        <source>Checkpoint failed: this is not the history the checkpoint saw</source>
        <translation>Point de contrôle en échec : ce n’est pas l’historique que le point de contrôle a vu</translation>
    </message>
    <message>
        <source>No checkpoint — rollback not detectable</source>
        <translation>Pas de point de contrôle — retour en arrière indétectable</translation>
    </message>
</context>
<context>
    <name>UnlockDialog</name>
    <message>
        <source>Unlock file</source>
        <translation>Déverrouiller le fichier</translation>
    </message>
    <message>
        <source>%1 is sealed. Enter its passphrase, or its recovery code.</source>
        <translation>%1 est scellé. Saisissez sa phrase secrète ou son code de récupération.</translation>
    </message>
    <message>
        <source>&amp;Passphrase</source>
        <translation>&amp;Phrase secrète</translation>
    </message>
    <message>
        <source>&amp;Recovery code</source>
        <translation>Code de &amp;récupération</translation>
    </message>
    <message>
        <source>Passphrase or recovery code</source>
        <translation>Phrase secrète ou code de récupération</translation>
    </message>
    <message>
        <source>passphrase</source>
        <translation>phrase secrète</translation>
    </message>
    <message>
        <source>&amp;Show</source>
        <translation>&amp;Afficher</translation>
    </message>
    <message>
        <source>Show the passphrase or recovery code</source>
        <translation>Afficher la phrase secrète ou le code de récupération</translation>
    </message>
    <message>
        <source>Caps Lock is on</source>
        <translation>Verr. Maj est activé</translation>
    </message>
    <message>
        <source>Caps Lock warning</source>
        <translation>Avertissement Verr. Maj</translation>
    </message>
    <message>
        <source>Unlock error</source>
        <translation>Erreur de déverrouillage</translation>
    </message>
    <message>
        <source>Deriving key</source>
        <translation>Dérivation de la clé</translation>
    </message>
    <message>
        <source>Deriving the key (scrypt) and verifying…</source>
        <translation>Dérivation de la clé (scrypt) et vérification…</translation>
    </message>
    <message>
        <source>Enter a passphrase or recovery code.</source>
        <translation>Saisissez une phrase secrète ou un code de récupération.</translation>
    </message>
</context>
<context>
    <name>VerdictBanner</name>
    <message>
        <source>Verdict</source>
        <translation>Verdict</translation>
    </message>
    <message>
        <source>Verdict word</source>
        <translation>Mot du verdict</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Motif</translation>
    </message>
    <message>
        <source>Findings by severity</source>
        <translation>Constats par gravité</translation>
    </message>
    <message>
        <source>Checkpoint state</source>
        <translation>État du point de contrôle</translation>
    </message>
    <message>
        <source>Untrusted memories</source>
        <translation>Mémoires non fiables</translation>
    </message>
    <message>
        <source>Jump to first &amp;error</source>
        <translation>Aller à la première &amp;erreur</translation>
    </message>
    <message>
        <source>Select the first error&apos;s object in every pane</source>
        <translation>Sélectionner l’objet de la première erreur dans tous les panneaux</translation>
    </message>
    <message>
        <source>Attach &amp;checkpoint…</source>
        <translation>Joindre un &amp;point de contrôle…</translation>
    </message>
    <message>
        <source>Verify again against an external checkpoint JSON (detects rollback)</source>
        <translation>Vérifier à nouveau avec un point de contrôle JSON externe (détecte les retours en arrière)</translation>
    </message>
    <message>
        <source>Try another passphrase / recovery code…</source>
        <translation>Essayer une autre phrase secrète / code de récupération…</translation>
    </message>
    <message numerus="yes">
        <source>%n untrusted memory(ies) (label rank ≥ 3)</source>
        <translation>
            <numerusform>%n mémoire non fiable (rang d’étiquette ≥ 3)</numerusform>
            <numerusform>%n mémoires non fiables (rang d’étiquette ≥ 3)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WeightsView</name>
    <message>
        <source>This file carries no MutMem weights.</source>
        <translation>Ce fichier ne porte pas de poids MutMem.</translation>
    </message>
    <message>
        <source>3000 ceiling</source>
        <translation>3000 plafond</translation>
    </message>
    <message>
        <source>1000 start</source>
        <translation>1000 départ</translation>
    </message>
    <message>
        <source>100 floor</source>
        <translation>100 plancher</translation>
    </message>
    <message>
        <source>Click a bar to list only the memories of that weight; click it again to show all</source>
        <translation>Cliquez sur une barre pour ne lister que les mémoires de ce poids ; cliquez à nouveau pour tout afficher</translation>
    </message>
    <message>
        <source>No file open.</source>
        <translation>Aucun fichier ouvert.</translation>
    </message>
    <message>
        <source>Export PNG…</source>
        <translation>Exporter en PNG…</translation>
    </message>
    <message>
        <source>Save the weight plot as a PNG image</source>
        <translation>Enregistrer le graphique des poids en image PNG</translation>
    </message>
    <message>
        <source>● weight transition (click to select its commit)   ◆ label record   ■ the memory&apos;s own commit (start, 1000)   dashed: floor, start, ceiling</source>
        <translation>● transition de poids (cliquer pour sélectionner son commit)   ◆ enregistrement d’étiquette   ■ le commit de la mémoire elle-même (départ, 1000)   pointillés : plancher, départ, plafond</translation>
    </message>
    <message>
        <source>DAG position</source>
        <translation>position dans le DAG</translation>
    </message>
    <message>
        <source>milli-weight</source>
        <translation>milli-poids</translation>
    </message>
    <message>
        <source>current milli-weight</source>
        <translation>milli-poids actuel</translation>
    </message>
    <message>
        <source>memories (log)</source>
        <translation>mémoires (log)</translation>
    </message>
    <message>
        <source>Filter memories by id, text or label…</source>
        <translation>Filtrer les mémoires par id, texte ou étiquette…</translation>
    </message>
    <message>
        <source>Show all weights</source>
        <translation>Afficher tous les poids</translation>
    </message>
    <message>
        <source>Export weight plot</source>
        <translation>Exporter le graphique des poids</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>Images PNG (*.png)</translation>
    </message>
    <message>
        <source>start: weight %1
position %2 (the memory itself)</source>
        <translation>départ : poids %1
position %2 (la mémoire elle-même)</translation>
    </message>
    <message>
        <source>transition %1 of %2: %3 → %4 (%5)</source>
        <translation>transition %1 sur %2 : %3 → %4 (%5)</translation>
    </message>
    <message>
        <source>position %1</source>
        <translation>position %1</translation>
    </message>
    <message>
        <source>valence %1, eta %2</source>
        <translation>valence %1, eta %2</translation>
    </message>
    <message>
        <source>commit %1</source>
        <translation>commit %1</translation>
    </message>
    <message>
        <source>%1 (rank %2)
by %3 (%4)</source>
        <translation>%1 (rang %2)
par %3 (%4)</translation>
    </message>
    <message>
        <source>, confidence %1/1000</source>
        <translation>, confiance %1/1000</translation>
    </message>
    <message>
        <source>none (no label record)</source>
        <translation>aucune (pas d’enregistrement d’étiquette)</translation>
    </message>
    <message>
        <source>untrusted</source>
        <translation>non fiable</translation>
    </message>
    <message>
        <source>Memory %1 — “%2”</source>
        <translation>Mémoire %1 — « %2 »</translation>
    </message>
    <message numerus="yes">
        <source>weight now %1 after %n transition(s)</source>
        <translation>
            <numerusform>poids actuel %1 après %n transition</numerusform>
            <numerusform>poids actuel %1 après %n transitions</numerusform>
        </translation>
    </message>
    <message>
        <source>label %1</source>
        <translation>étiquette %1</translation>
    </message>
    <message numerus="yes">
        <source>%n memory(ies)</source>
        <translation>
            <numerusform>%n mémoire</numerusform>
            <numerusform>%n mémoires</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 reweighted · %2 ⚠ untrusted</source>
        <translation>%1 repondérées · %2 ⚠ non fiables</translation>
    </message>
    <message>
        <source>▼ orange: below the 1000 start · ▲ blue: above</source>
        <translation>▼ orange : en dessous du départ 1000 · ▲ bleu : au-dessus</translation>
    </message>
    <message numerus="yes">
        <source>weight %1–%2: %n memory(ies)</source>
        <translation>
            <numerusform>poids %1–%2 : %n mémoire</numerusform>
            <numerusform>poids %1–%2 : %n mémoires</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>weight %1–%2: %n memory(ies)
click to show only these</source>
        <translation>
            <numerusform>poids %1–%2 : %n mémoire
cliquer pour n’afficher que celles-ci</numerusform>
            <numerusform>poids %1–%2 : %n mémoires
cliquer pour n’afficher que celles-ci</numerusform>
        </translation>
    </message>
</context>
</TS>
