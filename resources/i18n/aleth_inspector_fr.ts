<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR">
<context>
    <name>AuthorDialog</name>
    <message>
        <source>Browse…</source>
        <translation>Parcourir…</translation>
    </message>
    <message>
        <source>Rotate a key</source>
        <translation>Effectuer la rotation d’une clé</translation>
    </message>
    <message>
        <source>Revoke a key</source>
        <translation>Révoquer une clé</translation>
    </message>
    <message>
        <source>Migrate a v0.1 store</source>
        <translation>Migrer un magasin v0.1</translation>
    </message>
    <message>
        <source>Re-key (new passphrase)</source>
        <translation>Changement de clé (nouvelle phrase secrète)</translation>
    </message>
    <message>
        <source>Recover with the recovery code</source>
        <translation>Récupérer avec le code de récupération</translation>
    </message>
    <message>
        <source>Add an epistemic label</source>
        <translation>Ajouter une étiquette épistémique</translation>
    </message>
    <message>
        <source>Save the result as…</source>
        <translation>Enregistrer le résultat sous…</translation>
    </message>
    <message>
        <source>Output path</source>
        <translation>Chemin de sortie</translation>
    </message>
    <message>
        <source>Write over the source</source>
        <translation>Écrire par-dessus l’original</translation>
    </message>
    <message>
        <source>Keep no backup (FILE.bak)</source>
        <translation>Ne garder aucune sauvegarde (FILE.bak)</translation>
    </message>
    <message>
        <source>Output:</source>
        <translation>Sortie&#xa0;:</translation>
    </message>
    <message>
        <source>Press Preview to see what would change.</source>
        <translation>Appuyez sur Aperçu pour voir ce qui changerait.</translation>
    </message>
    <message>
        <source>Preview verdict</source>
        <translation>Verdict de l’aperçu</translation>
    </message>
    <message>
        <source>What changes</source>
        <translation>Ce qui change</translation>
    </message>
    <message>
        <source>Objects that become NOT_IN_PROVEN_PRE_ROTATION_HISTORY</source>
        <translation>Objets qui deviennent NOT_IN_PROVEN_PRE_ROTATION_HISTORY</translation>
    </message>
    <message>
        <source>Objects added</source>
        <translation>Objets ajoutés</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Clé</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Rôle</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>Avant</translation>
    </message>
    <message>
        <source>After</source>
        <translation>Après</translation>
    </message>
    <message>
        <source>Eras before and after</source>
        <translation>Ères avant et après</translation>
    </message>
    <message>
        <source>Output SHA-256</source>
        <translation>SHA-256 de la sortie</translation>
    </message>
    <message>
        <source>&amp;Preview</source>
        <translation>&amp;Aperçu</translation>
    </message>
    <message>
        <source>&amp;Write</source>
        <translation>&amp;Écrire</translation>
    </message>
    <message>
        <source>&lt;b&gt;Preview&lt;/b&gt;</source>
        <translation>&lt;b&gt;Aperçu&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Objects this answer disowns (they become NOT_IN_PROVEN_PRE_ROTATION_HISTORY)</source>
        <translation>Objets que cette réponse désavoue (ils deviennent NOT_IN_PROVEN_PRE_ROTATION_HISTORY)</translation>
    </message>
    <message>
        <source>Files added, changed or removed</source>
        <translation>Fichiers ajoutés, modifiés ou supprimés</translation>
    </message>
    <message>
        <source>Key eras before and after</source>
        <translation>Ères de clé avant et après</translation>
    </message>
    <message>
        <source>Re-keying needs a sealed .aleth file: a directory store has no passphrase.</source>
        <translation>Le changement de clé demande un fichier .aleth scellé&#xa0;: un magasin répertoire n’a pas de phrase secrète.</translation>
    </message>
    <message>
        <source>Creates a root key, the migration record signed by the legacy key and the new root, and the genesis grant of key-001.</source>
        <translation>Crée une clé racine, l’enregistrement de migration signé par la clé héritée et la nouvelle racine, et l’octroi initial de key-001.</translation>
    </message>
    <message>
        <source>Sets a new passphrase using the recovery code; the recovery code keeps working unless you ask for a new one.</source>
        <translation>Définit une nouvelle phrase secrète à l’aide du code de récupération&#x202f;; le code reste valable sauf si vous en demandez un nouveau.</translation>
    </message>
    <message>
        <source>Appends a signed label record. Verdict labels need an auditor key and evidence; nothing is deleted.</source>
        <translation>Ajoute un enregistrement d’étiquette signé. Les étiquettes de verdict demandent une clé d’auditeur et des preuves&#x202f;; rien n’est supprimé.</translation>
    </message>
    <message>
        <source>Root private key (PEM)</source>
        <translation>Clé privée racine (PEM)</translation>
    </message>
    <message>
        <source>Root key file</source>
        <translation>Fichier de la clé racine</translation>
    </message>
    <message>
        <source>Root key:</source>
        <translation>Clé racine&#xa0;:</translation>
    </message>
    <message>
        <source>Key:</source>
        <translation>Clé&#xa0;:</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Motif</translation>
    </message>
    <message>
        <source>Reason:</source>
        <translation>Motif&#xa0;:</translation>
    </message>
    <message>
        <source>Cutoff commit</source>
        <translation>Commit de coupure</translation>
    </message>
    <message>
        <source>the last commit you trust (HEAD when empty)</source>
        <translation>le dernier commit auquel vous vous fiez (HEAD si vide)</translation>
    </message>
    <message>
        <source>Cutoff (commit):</source>
        <translation>Coupure (commit)&#xa0;:</translation>
    </message>
    <message>
        <source>Role:</source>
        <translation>Rôle&#xa0;:</translation>
    </message>
    <message>
        <source>Save the new root key (PEM, 0600) as…</source>
        <translation>Enregistrer la nouvelle clé racine (PEM, 0600) sous…</translation>
    </message>
    <message>
        <source>Save the new private key (PEM, 0600) as…</source>
        <translation>Enregistrer la nouvelle clé privée (PEM, 0600) sous…</translation>
    </message>
    <message>
        <source>New key file</source>
        <translation>Fichier de la nouvelle clé</translation>
    </message>
    <message>
        <source>Save the new root key:</source>
        <translation>Enregistrer la nouvelle clé racine&#xa0;:</translation>
    </message>
    <message>
        <source>Save the new private key:</source>
        <translation>Enregistrer la nouvelle clé privée&#xa0;:</translation>
    </message>
    <message>
        <source>A routine replacement: what the key signed in the proven history up to the cutoff stays valid.</source>
        <translation>Un remplacement de routine&#xa0;: ce que la clé a signé dans l’historique prouvé jusqu’à la coupure reste valide.</translation>
    </message>
    <message>
        <source>The key&apos;s term ended: nothing it signed before the cutoff changes.</source>
        <translation>La durée de la clé est échue&#xa0;: rien de ce qu’elle a signé avant la coupure ne change.</translation>
    </message>
    <message>
        <source>A housekeeper reweights memories and writes detector labels (unverified, poison_suspect, poison_likely).</source>
        <translation>Un housekeeper repondère les mémoires et écrit les étiquettes de détecteur (unverified, poison_suspect, poison_likely).</translation>
    </message>
    <message>
        <source>An auditor writes verdict labels (supported, disputed, poison_confirmed, poison_refuted), each citing evidence.</source>
        <translation>Un auditeur écrit les étiquettes de verdict (supported, disputed, poison_confirmed, poison_refuted), chacune citant des preuves.</translation>
    </message>
    <message>
        <source>Recovery code</source>
        <translation>Code de récupération</translation>
    </message>
    <message>
        <source>Recovery code:</source>
        <translation>Code de récupération&#xa0;:</translation>
    </message>
    <message>
        <source>New passphrase</source>
        <translation>Nouvelle phrase secrète</translation>
    </message>
    <message>
        <source>Repeat new passphrase</source>
        <translation>Répétez la nouvelle phrase secrète</translation>
    </message>
    <message>
        <source>New passphrase:</source>
        <translation>Nouvelle phrase secrète&#xa0;:</translation>
    </message>
    <message>
        <source>Repeat:</source>
        <translation>Répéter&#xa0;:</translation>
    </message>
    <message>
        <source>Keep the recovery code</source>
        <translation>Garder le code de récupération</translation>
    </message>
    <message>
        <source>No recovery slot</source>
        <translation>Aucun emplacement de récupération</translation>
    </message>
    <message>
        <source>Current recovery code</source>
        <translation>Code de récupération actuel</translation>
    </message>
    <message>
        <source>current recovery code (to keep the slot)</source>
        <translation>code de récupération actuel (pour garder l’emplacement)</translation>
    </message>
    <message>
        <source>Recovery:</source>
        <translation>Récupération&#xa0;:</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Mémoire</translation>
    </message>
    <message>
        <source>Memory:</source>
        <translation>Mémoire&#xa0;:</translation>
    </message>
    <message>
        <source>Memory text</source>
        <translation>Texte de la mémoire</translation>
    </message>
    <message>
        <source>It says:</source>
        <translation>Elle dit&#xa0;:</translation>
    </message>
    <message>
        <source>Label history</source>
        <translation>Historique des étiquettes</translation>
    </message>
    <message>
        <source>Label history:</source>
        <translation>Historique des étiquettes&#xa0;:</translation>
    </message>
    <message>
        <source>choose a label</source>
        <translation>choisissez une étiquette</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>Étiquette</translation>
    </message>
    <message>
        <source>Label:</source>
        <translation>Étiquette&#xa0;:</translation>
    </message>
    <message>
        <source>Auditor or housekeeper private key (PEM)</source>
        <translation>Clé privée d’auditeur ou de housekeeper (PEM)</translation>
    </message>
    <message>
        <source>Grant a key</source>
        <translation>Accorder une clé</translation>
    </message>
    <message>
        <source>Output path check</source>
        <translation>Vérification du chemin de sortie</translation>
    </message>
    <message>
        <source>Revokes the key at the cutoff (HEAD unless you choose) and authorizes a fresh key in one root-signed event. For a routine rotation, what the old key signed and no commit cites is anchored first. After a theft, choose the reason &apos;compromise&apos; and the last commit you trust as the cutoff: nothing is anchored, and what the key signed after it is disowned.</source>
        <translation>Révoque la clé à la coupure (HEAD sauf choix contraire) et autorise une nouvelle clé en un seul événement signé par la racine. Pour une rotation de routine, ce que l’ancienne clé a signé et qu’aucun commit ne cite est d’abord ancré. Après un vol, choisissez le motif «&#xa0;compromise&#xa0;» et comme coupure le dernier commit auquel vous vous fiez&#xa0;: rien n’est ancré, et ce que la clé a signé ensuite est désavoué.</translation>
    </message>
    <message>
        <source>Revokes a key without a successor. Revoking the only agent key grants a new one in the same write, so the store can still be written. After a theft, choose &apos;compromise&apos; and the last commit you trust.</source>
        <translation>Révoque une clé sans successeur. Révoquer la seule clé d’agent en accorde une nouvelle dans la même écriture, pour que le magasin reste inscriptible. Après un vol, choisissez «&#xa0;compromise&#xa0;» et le dernier commit auquel vous vous fiez.</translation>
    </message>
    <message>
        <source>Generates a key and grants it with the root key: a housekeeper or auditor key, whose private key is saved, or a new agent key for a store that has none (sealed in the file).</source>
        <translation>Génère une clé et l’accorde avec la clé racine&#xa0;: une clé de housekeeper ou d’auditeur, dont la clé privée est enregistrée, ou une nouvelle clé d’agent pour un magasin qui n’en a plus (scellée dans le fichier).</translation>
    </message>
    <message>
        <source>Seals the same payload under a new passphrase: the old passphrase stops working. Decide what happens to the recovery slot. Nothing beside the file is deleted.</source>
        <translation>Scelle le même contenu sous une nouvelle phrase secrète&#xa0;: l’ancienne cesse de fonctionner. Décidez du sort de l’emplacement de récupération. Rien n’est supprimé à côté du fichier.</translation>
    </message>
    <message>
        <source>Grant a new agent key in the same write (sealed in the file)</source>
        <translation>Accorder une nouvelle clé d’agent dans la même écriture (scellée dans le fichier)</translation>
    </message>
    <message>
        <source>This is the only agent key: without a new one, nothing could ever be committed to the store again.</source>
        <translation>C’est la seule clé d’agent&#xa0;: sans une nouvelle, plus aucun commit ne serait jamais possible dans le magasin.</translation>
    </message>
    <message>
        <source>New key file check</source>
        <translation>Vérification du fichier de la nouvelle clé</translation>
    </message>
    <message>
        <source>The key was stolen or exposed: name the last commit you trust. Nothing is anchored; what the key signed outside the history up to that commit becomes NOT_IN_PROVEN_PRE_ROTATION_HISTORY, and the preview lists it.</source>
        <translation>La clé a été volée ou exposée&#xa0;: indiquez le dernier commit auquel vous vous fiez. Rien n’est ancré&#x202f;; ce que la clé a signé hors de l’historique jusqu’à ce commit devient NOT_IN_PROVEN_PRE_ROTATION_HISTORY, et l’aperçu l’énumère.</translation>
    </message>
    <message>
        <source>required: the last commit you trust</source>
        <translation>obligatoire&#xa0;: le dernier commit auquel vous vous fiez</translation>
    </message>
    <message>
        <source>A new agent key for a store that has none left (after a revocation): it signs new memories and is sealed in the file; saving a copy is optional.</source>
        <translation>Une nouvelle clé d’agent pour un magasin qui n’en a plus (après une révocation)&#xa0;: elle signe les nouvelles mémoires et est scellée dans le fichier&#x202f;; en enregistrer une copie est facultatif.</translation>
    </message>
    <message>
        <source>Make a new recovery code (shown before the write)</source>
        <translation>Créer un nouveau code de récupération (affiché avant l’écriture)</translation>
    </message>
    <message>
        <source>Signing key file</source>
        <translation>Fichier de la clé de signature</translation>
    </message>
    <message>
        <source>Signing key:</source>
        <translation>Clé de signature&#xa0;:</translation>
    </message>
    <message>
        <source>Labels this key may write</source>
        <translation>Étiquettes que cette clé peut écrire</translation>
    </message>
    <message>
        <source>Confidence:</source>
        <translation>Confiance&#xa0;:</translation>
    </message>
    <message>
        <source>Redaction preview</source>
        <translation>Aperçu du caviardage</translation>
    </message>
    <message>
        <source>Stored as:</source>
        <translation>Enregistré comme&#xa0;:</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Preuves</translation>
    </message>
    <message>
        <source>Evidence:</source>
        <translation>Preuves&#xa0;:</translation>
    </message>
    <message>
        <source>signed by {key}</source>
        <translation>signé par {key}</translation>
    </message>
    <message>
        <source>(not a plain memory of this file)</source>
        <translation>(pas une simple mémoire de ce fichier)</translation>
    </message>
    <message>
        <source>(no text)</source>
        <translation>(sans texte)</translation>
    </message>
    <message>
        <source>no label yet</source>
        <translation>pas encore d’étiquette</translation>
    </message>
    <message>
        <source>Choose the signing key: the labels it may write are offered then.</source>
        <translation>Choisissez la clé de signature&#xa0;: les étiquettes qu’elle peut écrire sont alors proposées.</translation>
    </message>
    <message>
        <source>This file is not a readable private key.</source>
        <translation>Ce fichier n’est pas une clé privée lisible.</translation>
    </message>
    <message>
        <source>This key is not an active key of this file.</source>
        <translation>Cette clé n’est pas une clé active de ce fichier.</translation>
    </message>
    <message>
        <source>no label to offer</source>
        <translation>aucune étiquette à proposer</translation>
    </message>
    <message>
        <source>This is an agent key: labels need a housekeeper or auditor key.</source>
        <translation>C’est une clé d’agent&#xa0;: les étiquettes demandent une clé de housekeeper ou d’auditeur.</translation>
    </message>
    <message>
        <source>A housekeeper key writes the detector labels; verdict labels need an auditor key.</source>
        <translation>Une clé de housekeeper écrit les étiquettes du détecteur&#x202f;; les étiquettes de verdict demandent une clé d’auditeur.</translation>
    </message>
    <message>
        <source>An auditor key writes every label; the verdict labels need evidence.</source>
        <translation>Une clé d’auditeur écrit toutes les étiquettes&#x202f;; celles de verdict demandent des preuves.</translation>
    </message>
    <message>
        <source>(empty)</source>
        <translation>(vide)</translation>
    </message>
    <message>
        <source>No backup is kept; nothing beside the file is deleted.</source>
        <translation>Aucune sauvegarde n’est conservée&#x202f;; rien n’est supprimé à côté du fichier.</translation>
    </message>
    <message>
        <source>FAIL, as the input does: the result adds no error it did not have, so it can be written.</source>
        <translation>ÉCHEC, comme l’entrée&#xa0;: le résultat n’ajoute aucune erreur qu’elle n’avait pas, il peut donc être écrit.</translation>
    </message>
    <message>
        <source>FAIL: the result adds errors the input does not have — it cannot be written.</source>
        <translation>ÉCHEC&#xa0;: le résultat ajoute des erreurs que l’entrée n’a pas — il ne peut pas être écrit.</translation>
    </message>
    <message>
        <source>{path} still opens with the old passphrase; it was not deleted.</source>
        <translation>{path} s’ouvre encore avec l’ancienne phrase secrète&#x202f;; il n’a pas été supprimé.</translation>
    </message>
    <message>
        <source>Nothing was written: this code opens nothing. Go back and try again.</source>
        <translation>Rien n’a été écrit&#xa0;: ce code n’ouvre rien. Revenez en arrière et réessayez.</translation>
    </message>
    <message>
        <source>New recovery code</source>
        <translation>Nouveau code de récupération</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Copier</translation>
    </message>
    <message>
        <source>&amp;Save to a file…</source>
        <translation>&amp;Enregistrer dans un fichier…</translation>
    </message>
    <message>
        <source>What is written next</source>
        <translation>Ce qui est écrit ensuite</translation>
    </message>
    <message>
        <source>I have stored the new recovery code</source>
        <translation>J’ai conservé le nouveau code de récupération</translation>
    </message>
    <message>
        <source>Once you tick the box above, Write the file writes {target}; this code opens it.</source>
        <translation>Une fois la case ci-dessus cochée, Écrire le fichier écrit {target}&#x202f;; ce code l’ouvre.</translation>
    </message>
    <message>
        <source>The inputs changed: press Preview again before writing.</source>
        <translation>Les entrées ont changé&#xa0;: appuyez de nouveau sur Aperçu avant d’écrire.</translation>
    </message>
    <message>
        <source>choose the {what} file</source>
        <translation>choisissez le fichier de la {what}</translation>
    </message>
    <message>
        <source>root key</source>
        <translation>clé racine</translation>
    </message>
    <message>
        <source>enter the new passphrase twice (the two must match)</source>
        <translation>saisissez deux fois la nouvelle phrase secrète (les deux doivent être identiques)</translation>
    </message>
    <message>
        <source>choose a memory of this file</source>
        <translation>choisissez une mémoire de ce fichier</translation>
    </message>
    <message>
        <source>signing key</source>
        <translation>clé de signature</translation>
    </message>
    <message>
        <source>{label} is a verdict label: tick at least one evidence record</source>
        <translation>{label} est une étiquette de verdict&#xa0;: cochez au moins un enregistrement de preuve</translation>
    </message>
    <message>
        <source>Building and verifying the result…</source>
        <translation>Construction et vérification du résultat…</translation>
    </message>
    <message>
        <source>choose where to save the new private key</source>
        <translation>choisissez où enregistrer la nouvelle clé privée</translation>
    </message>
    <message>
        <source>Write this result?</source>
        <translation>Écrire ce résultat&#x202f;?</translation>
    </message>
    <message>
        <source>you disown the {n} objects listed</source>
        <translation>vous désavouez les {n} objets listés</translation>
    </message>
    <message>
        <source>the new recovery code is shown next; the file is written once it is stored</source>
        <translation>le nouveau code de récupération est affiché ensuite&#x202f;; le fichier est écrit une fois le code conservé</translation>
    </message>
    <message>
        <source>SHA-256 of what is written: {sha}</source>
        <translation>SHA-256 de ce qui est écrit&#xa0;: {sha}</translation>
    </message>
    <message>
        <source>Preview first: only a previewed result can be written.</source>
        <translation>D’abord l’aperçu&#xa0;: seul un résultat prévisualisé peut être écrit.</translation>
    </message>
    <message>
        <source>Confirm the write</source>
        <translation>Confirmer l’écriture</translation>
    </message>
    <message>
        <source>No backup is kept.</source>
        <translation>Aucune sauvegarde n’est gardée.</translation>
    </message>
    <message>
        <source>The previous version is kept as {backup}.</source>
        <translation>La version précédente est gardée sous {backup}.</translation>
    </message>
    <message>
        <source>Write over the source {path}?</source>
        <translation>Écrire par-dessus l’original {path}&#x202f;?</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>Écriture…</translation>
    </message>
    <message>
        <source>PASS: the result verifies.</source>
        <translation>RÉUSSI&#xa0;: le résultat se vérifie.</translation>
    </message>
    <message>
        <source>FAIL: the result fails only by the objects listed below, which this answer to a key theft disowns. Confirm the list to write it.</source>
        <translation>ÉCHEC&#xa0;: le résultat échoue seulement à cause des objets listés ci-dessous, que cette réponse à un vol de clé désavoue. Confirmez la liste pour l’écrire.</translation>
    </message>
    <message>
        <source>note: {text}</source>
        <translation>note&#xa0;: {text}</translation>
    </message>
    <message>
        <source>This preview is the plan: Write writes exactly these bytes, or nothing if the file changes.</source>
        <translation>Cet aperçu est le plan&#xa0;: Écrire écrit exactement ces octets, ou rien si le fichier change.</translation>
    </message>
    <message>
        <source>These {n} objects are not mine: disown them and write the result</source>
        <translation>Ces {n} objets ne sont pas à moi&#xa0;: les désavouer et écrire le résultat</translation>
    </message>
    <message>
        <source>added</source>
        <translation>ajouté</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>modifié</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>supprimé</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1&#xa0;: %2</translation>
    </message>
    <message>
        <source>(cutoff %1)</source>
        <translation>(coupure %1)</translation>
    </message>
    <message>
        <source>active</source>
        <translation>active</translation>
    </message>
    <message>
        <source>revoked</source>
        <translation>révoquée</translation>
    </message>
    <message>
        <source>Output SHA-256: {sha} ({size} bytes)</source>
        <translation>SHA-256 de la sortie&#xa0;: {sha} ({size} octets)</translation>
    </message>
    <message>
        <source>What was written differs from the preview.</source>
        <translation>Ce qui a été écrit diffère de l’aperçu.</translation>
    </message>
    <message>
        <source>Written: {path} (SHA-256 {sha})</source>
        <translation>Écrit&#xa0;: {path} (SHA-256 {sha})</translation>
    </message>
    <message>
        <source>The previous version is kept as {path}.</source>
        <translation>La version précédente est gardée sous {path}.</translation>
    </message>
    <message>
        <source>Saved {path} (mode 0600).</source>
        <translation>{path} enregistré (mode 0600).</translation>
    </message>
    <message>
        <source>Save the new recovery code</source>
        <translation>Enregistrer le nouveau code de récupération</translation>
    </message>
    <message>
        <source>choose where to save it</source>
        <translation>choisissez où l’enregistrer</translation>
    </message>
    <message>
        <source>this is the source: tick &apos;Write over the source&apos; instead</source>
        <translation>c’est l’original&#xa0;: cochez plutôt «&#xa0;Écrire par-dessus l’original&#xa0;»</translation>
    </message>
    <message>
        <source>a new file</source>
        <translation>un nouveau fichier</translation>
    </message>
    <message>
        <source>The new recovery code</source>
        <translation>Le nouveau code de récupération</translation>
    </message>
    <message>
        <source>This code opens the file when the passphrase is lost, and it is shown only now. Store it apart from the memory file (a password manager, paper in a safe). The file is written only once you confirm the code is stored, so the new file never exists without it.</source>
        <translation>Ce code ouvre le fichier si la phrase secrète est perdue, et il n’est affiché que maintenant. Conservez-le à l’écart du fichier de mémoire (un gestionnaire de mots de passe, un papier dans un coffre). Le fichier n’est écrit qu’une fois que vous confirmez avoir conservé le code&#xa0;: le nouveau fichier n’existe donc jamais sans lui.</translation>
    </message>
    <message>
        <source>Recovery code status</source>
        <translation>État du code de récupération</translation>
    </message>
    <message>
        <source>&amp;Back</source>
        <translation>&amp;Retour</translation>
    </message>
    <message>
        <source>&amp;Write the file</source>
        <translation>É&amp;crire le fichier</translation>
    </message>
    <message>
        <source>Copied to the clipboard.</source>
        <translation>Copié dans le presse-papiers.</translation>
    </message>
    <message>
        <source>The recovery code is saved to {path} (mode 0600).</source>
        <translation>Le code de récupération est enregistré dans {path} (mode 0600).</translation>
    </message>
</context>
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
        <translation>attendu&#xa0;: %1</translation>
    </message>
    <message>
        <source>found: %1</source>
        <translation>trouvé&#xa0;: %1</translation>
    </message>
    <message>
        <source>likely cause: %1</source>
        <translation>cause probable&#xa0;: %1</translation>
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
        <source>Truth state</source>
        <translation>État de vérité</translation>
    </message>
    <message>
        <source>Calibrated score</source>
        <translation>Score calibré</translation>
    </message>
    <message>
        <source>Live content hash</source>
        <translation>Hash du contenu actuel</translation>
    </message>
    <message>
        <source>Bundle</source>
        <translation>Paquet</translation>
    </message>
    <message>
        <source>SHA-256 (stated)</source>
        <translation>SHA-256 (déclaré)</translation>
    </message>
    <message>
        <source>Primary reason</source>
        <translation>Motif principal</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Résultat</translation>
    </message>
    <message>
        <source>Body hash</source>
        <translation>Hash du corps</translation>
    </message>
    <message>
        <source>Entry</source>
        <translation>Entrée</translation>
    </message>
    <message>
        <source>Signature</source>
        <translation>Signature</translation>
    </message>
    <message>
        <source>Checked</source>
        <translation>Contrôlée</translation>
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
    <message>
        <source>File</source>
        <translation>Fichier</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Verdict</translation>
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
        <source>Commits</source>
        <translation>Commits</translation>
    </message>
    <message>
        <source>Eras</source>
        <translation>Ères</translation>
    </message>
    <message>
        <source>Checkpoint</source>
        <translation>Point de contrôle</translation>
    </message>
    <message>
        <source>Seconds</source>
        <translation>Secondes</translation>
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
        <translation>Un problème est survenu&#xa0;: %1</translation>
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
        <translation>Pas de statut&#xa0;: cet objet n’est pas vérifié seul.</translation>
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
        <translation>✖ diffère&#xa0;: %1</translation>
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
        <source>Status: %1</source>
        <translation>Statut : %1</translation>
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
        <translation>Pas de forme canonique&#xa0;: %1</translation>
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
        <translation>Un point de contrôle est une déclaration signée de l’historique à un instant&#xa0;: son commit de tête et le nombre de commits et de preuves qui existaient. Conservé hors du fichier, il permet à un auditeur de détecter un retour en arrière ou un historique réécrit.</translation>
    </message>
    <message>
        <source>Its signature verifies and the file&apos;s history continues from its head.</source>
        <translation>Sa signature est valide et l’historique du fichier continue depuis sa tête.</translation>
    </message>
    <message>
        <source>Its signature verifies, but the file does not continue the history it describes:</source>
        <translation>Sa signature est valide, mais le fichier ne prolonge pas l’historique qu’il décrit&#xa0;:</translation>
    </message>
    <message>
        <source>Its signature does not verify (%1):</source>
        <translation>Sa signature n’est pas valide (%1)&#xa0;:</translation>
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
        <translation>Ère de clé %1&#xa0;: %2 (%3)</translation>
    </message>
    <message>
        <source>%1 was revoked by control event %2 (%3) at cutoff %4. Its commits count as valid history only if they are ancestors of that cutoff; anything else it signed is not proven.</source>
        <translation>%1 a été révoquée par l’événement de contrôle %2 (%3) à la coupure %4. Ses commits ne comptent comme historique valide que s’ils sont des ancêtres de cette coupure&#x202f;; rien d’autre de ce qu’elle a signé n’est prouvé.</translation>
    </message>
    <message>
        <source>%1 is active: it may sign new commits.</source>
        <translation>%1 est active&#xa0;: elle peut signer de nouveaux commits.</translation>
    </message>
    <message>
        <source>%1 is active: it may sign new records.</source>
        <translation>%1 est active&#xa0;: elle peut signer de nouveaux enregistrements.</translation>
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
    <message>
        <source>weight chain</source>
        <translation>chaîne de poids</translation>
    </message>
    <message>
        <source>signed weight transition</source>
        <translation>transition de poids signée</translation>
    </message>
    <message>
        <source>signer epoch</source>
        <translation>époque du signataire</translation>
    </message>
    <message>
        <source>receipt entry</source>
        <translation>entrée du reçu</translation>
    </message>
    <message>
        <source>corpus member</source>
        <translation>membre du corpus</translation>
    </message>
    <message>
        <source>master key</source>
        <translation>clé maîtresse</translation>
    </message>
    <message>
        <source>verified</source>
        <translation>vérifié</translation>
    </message>
    <message>
        <source>did not verify</source>
        <translation>non vérifié</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>Poids</translation>
    </message>
    <message>
        <source>float32 mirrors</source>
        <translation>miroirs float32</translation>
    </message>
    <message>
        <source>Judge valence</source>
        <translation>Valence du juge</translation>
    </message>
    <message>
        <source>Signed</source>
        <translation>Signé</translation>
    </message>
    <message>
        <source>Certification</source>
        <translation>Certification</translation>
    </message>
    <message>
        <source>signatures verified: %1 · chain length: %2</source>
        <translation>signatures vérifiées&#xa0;: %1 · longueur de la chaîne&#xa0;: %2</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Motif</translation>
    </message>
    <message>
        <source>Terminal weight</source>
        <translation>Poids final</translation>
    </message>
    <message>
        <source>Epoch</source>
        <translation>Époque</translation>
    </message>
    <message>
        <source>Trust</source>
        <translation>Confiance</translation>
    </message>
    <message>
        <source>Bundle SHA-256</source>
        <translation>SHA-256 du paquet</translation>
    </message>
    <message>
        <source>No finding names this part of the bundle.</source>
        <translation>Aucun constat ne nomme cette partie du paquet.</translation>
    </message>
    <message>
        <source>A part of a bundle has no id of its own: the bundle SHA-256 (Overview) covers the whole canonical document.</source>
        <translation>Une partie d’un paquet n’a pas d’id propre&#xa0;: le SHA-256 du paquet (Aperçu) couvre tout le document canonique.</translation>
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
    <name>EpochTimeline</name>
    <message>
        <source>Signer epochs timeline</source>
        <translation>Frise des époques des signataires</translation>
    </message>
    <message>
        <source>certificate window: %1 – %2</source>
        <translation>fenêtre du certificat&#xa0;: %1 – %2</translation>
    </message>
    <message>
        <source>issuer: %1</source>
        <translation>émetteur&#xa0;: %1</translation>
    </message>
    <message>
        <source>certificate fingerprint: %1</source>
        <translation>empreinte du certificat&#xa0;: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n signature(s) in the weight chains</source>
        <translation>
            <numerusform>%n signature dans les chaînes de poids</numerusform>
            <numerusform>%n signatures dans les chaînes de poids</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n signature(s) at or after the revocation</source>
        <translation>
            <numerusform>%n signature au moment de la révocation ou après</numerusform>
            <numerusform>%n signatures au moment de la révocation ou après</numerusform>
        </translation>
    </message>
    <message>
        <source>No signer epochs: this bundle records no signer identities with time windows.</source>
        <translation>Aucune époque de signataire&#xa0;: ce paquet n’enregistre aucune identité de signataire avec des fenêtres de temps.</translation>
    </message>
    <message>
        <source>signed time (UTC)</source>
        <translation>heure de signature (UTC)</translation>
    </message>
    <message>
        <source>revoked %1</source>
        <translation>révoqué %1</translation>
    </message>
    <message>
        <source>bar: the signer&apos;s valid window (→ no end)</source>
        <translation>barre&#xa0;: la fenêtre valide du signataire (→ sans fin)</translation>
    </message>
    <message>
        <source>● a signature of the weight chains</source>
        <translation>● une signature des chaînes de poids</translation>
    </message>
    <message>
        <source>✖ revocation; struck through: revoked</source>
        <translation>✖ révocation&#x202f;; barré&#xa0;: révoqué</translation>
    </message>
    <message>
        <source>✖ below the bar: a signature at or after the revocation</source>
        <translation>✖ sous la barre&#xa0;: une signature au moment de la révocation ou après</translation>
    </message>
</context>
<context>
    <name>EpochsView</name>
    <message>
        <source>Master key</source>
        <translation>Clé maîtresse</translation>
    </message>
    <message>
        <source>fingerprint %1</source>
        <translation>empreinte %1</translation>
    </message>
    <message>
        <source>No signer epochs in this bundle.</source>
        <translation>Ce paquet n’a aucune époque de signataire.</translation>
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
        <translation>Une ligne par ère de clé. Haut et Bas sélectionnent une ère&#x202f;; Entrée sélectionne le commit de coupure de l’ère.</translation>
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
        <translation>commit sombre&#xa0;: dessiné après sa coupure, depuis son point de branchement</translation>
    </message>
    <message>
        <source>selected commit #%1</source>
        <translation>commit sélectionné #%1</translation>
    </message>
    <message>
        <source>Era %1: %2, %3, %4, from %5 at commit %6 to %7 at commit %8.</source>
        <translation>Ère %1&#xa0;: %2, %3, %4, de %5 au commit %6 à %7 au commit %8.</translation>
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
        <translation>hors de l’historique que prouve la coupure&#xa0;: dessiné après la coupure</translation>
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
        <translation>empreinte&#xa0;: %1</translation>
    </message>
    <message>
        <source>granted by %1: %2</source>
        <translation>accordée par %1&#xa0;: %2</translation>
    </message>
    <message>
        <source>grant cutoff: %1</source>
        <translation>coupure d’octroi&#xa0;: %1</translation>
    </message>
    <message>
        <source>revoked by: %1 (%2)</source>
        <translation>révoquée par&#xa0;: %1 (%2)</translation>
    </message>
    <message>
        <source>no reason</source>
        <translation>sans motif</translation>
    </message>
    <message>
        <source>cutoff: %1</source>
        <translation>coupure&#xa0;: %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>aucune</translation>
    </message>
    <message>
        <source>also named: %1</source>
        <translation>aussi nommée&#xa0;: %1</translation>
    </message>
    <message>
        <source>commits signed: %1; timeline #%2–#%3</source>
        <translation>commits signés&#xa0;: %1&#x202f;; chronologie #%2–#%3</translation>
    </message>
    <message numerus="yes">
        <source>%n commit(s) of this key not valid: %1</source>
        <translation>
            <numerusform>%n commit de cette clé non valide&#xa0;: %1</numerusform>
            <numerusform>%n commits de cette clé non valides&#xa0;: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>No file open</source>
        <translation>Aucun fichier ouvert</translation>
    </message>
    <message>
        <source>Nothing to show: the file could not be verified</source>
        <translation>Rien à afficher&#xa0;: le fichier n’a pas pu être vérifié</translation>
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
        <translation>révoquée&#xa0;: %1</translation>
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
        <translation>Afficher&#xa0;:</translation>
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
    <name>FleetView</name>
    <message>
        <source>pass</source>
        <translation>réussi</translation>
    </message>
    <message>
        <source>fail</source>
        <translation>échec</translation>
    </message>
    <message>
        <source>unopenable</source>
        <translation>impossible à ouvrir</translation>
    </message>
    <message>
        <source>error</source>
        <translation>erreur</translation>
    </message>
    <message>
        <source>indeterminate</source>
        <translation>indéterminé</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>interrompu</translation>
    </message>
    <message>
        <source>All files</source>
        <translation>Tous les fichiers</translation>
    </message>
    <message>
        <source>Not passing</source>
        <translation>Non réussis</translation>
    </message>
    <message>
        <source>Fail</source>
        <translation>Échec</translation>
    </message>
    <message>
        <source>Unopenable</source>
        <translation>Impossible à ouvrir</translation>
    </message>
    <message>
        <source>No verdict (error, indeterminate, timeout)</source>
        <translation>Sans verdict (erreur, indéterminé, délai dépassé)</translation>
    </message>
    <message>
        <source>Pass</source>
        <translation>Réussi</translation>
    </message>
    <message>
        <source>a HOM-AIMOS bundle has no commits and no key eras</source>
        <translation>un paquet HOM-AIMOS n’a ni commits ni ères de clé</translation>
    </message>
    <message>
        <source>verified</source>
        <translation>vérifié</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>échoué</translation>
    </message>
    <message>
        <source>Fleet audit — %1</source>
        <translation>Audit de parc — %1</translation>
    </message>
    <message>
        <source>Fleet audit state</source>
        <translation>État de l’audit de parc</translation>
    </message>
    <message>
        <source>%v / %m files</source>
        <translation>%v / %m fichiers</translation>
    </message>
    <message>
        <source>Files audited</source>
        <translation>Fichiers audités</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Credentials…</source>
        <translation>Identifiants…</translation>
    </message>
    <message>
        <source>Choose the TOML rules that unlock the sealed files, and audit again</source>
        <translation>Choisissez les règles TOML qui déverrouillent les fichiers scellés, et relancez l’audit</translation>
    </message>
    <message>
        <source>Export HTML…</source>
        <translation>Exporter en HTML…</translation>
    </message>
    <message>
        <source>Write the HTML fleet report (mode 0600)</source>
        <translation>Écrire le rapport HTML du parc (mode 0600)</translation>
    </message>
    <message>
        <source>Ledger…</source>
        <translation>Registre…</translation>
    </message>
    <message>
        <source>Choose the fleet ledger to compare the files with (read only), and audit again</source>
        <translation>Choisir le registre du parc auquel comparer les fichiers (en lecture seule), puis auditer à nouveau</translation>
    </message>
    <message>
        <source>Fleet ledger state</source>
        <translation>État du registre du parc</translation>
    </message>
    <message>
        <source>Fleet ledger alarms and acknowledgements</source>
        <translation>Alarmes et acquittements du registre du parc</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Fichier</translation>
    </message>
    <message>
        <source>Ledger</source>
        <translation>Registre</translation>
    </message>
    <message>
        <source>Since</source>
        <translation>Depuis</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Motif</translation>
    </message>
    <message>
        <source>Filter by path, verdict or finding code</source>
        <translation>Filtrer par chemin, verdict ou code de constat</translation>
    </message>
    <message>
        <source>Filter files</source>
        <translation>Filtrer les fichiers</translation>
    </message>
    <message>
        <source>Filter by verdict</source>
        <translation>Filtrer par verdict</translation>
    </message>
    <message>
        <source>Audited files</source>
        <translation>Fichiers audités</translation>
    </message>
    <message>
        <source>Double-click a file to open it in the inspector, judged with the settings this audit used.</source>
        <translation>Double-cliquez sur un fichier pour l’ouvrir dans l’inspecteur, jugé avec les réglages de cet audit.</translation>
    </message>
    <message>
        <source>Fleet summary</source>
        <translation>Résumé du parc</translation>
    </message>
    <message>
        <source>auditing…</source>
        <translation>audit en cours…</translation>
    </message>
    <message>
        <source>cancelling…</source>
        <translation>annulation…</translation>
    </message>
    <message>
        <source>(cancelled)</source>
        <translation>(annulé)</translation>
    </message>
    <message numerus="yes">
        <source>Fleet ledger %1: %n open alarm(s)</source>
        <translation>
            <numerusform>Registre du parc %1&#xa0;: %n alarme ouverte</numerusform>
            <numerusform>Registre du parc %1&#xa0;: %n alarmes ouvertes</numerusform>
        </translation>
    </message>
    <message>
        <source>Fleet ledger %1: no open alarm</source>
        <translation>Registre du parc %1&#xa0;: aucune alarme ouverte</translation>
    </message>
    <message>
        <source>acknowledged by %1: %2</source>
        <translation>acquittée par %1&#xa0;: %2</translation>
    </message>
    <message>
        <source>could not audit</source>
        <translation>audit impossible</translation>
    </message>
    <message>
        <source>Fleet audit of %1</source>
        <translation>Audit de parc de %1</translation>
    </message>
    <message>
        <source>Credentials rules</source>
        <translation>Règles d’identifiants</translation>
    </message>
    <message>
        <source>TOML rules (*.toml);;All files (*)</source>
        <translation>Règles TOML (*.toml);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Fleet ledger</source>
        <translation>Registre du parc</translation>
    </message>
    <message>
        <source>Fleet ledgers (*.ledger *.sqlite *.db);;All files (*)</source>
        <translation>Registres de parc (*.ledger *.sqlite *.db);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Export fleet report</source>
        <translation>Exporter le rapport du parc</translation>
    </message>
    <message>
        <source>HTML (*.html)</source>
        <translation>HTML (*.html)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>L’export a échoué</translation>
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
        <translation>statut&#xa0;: %1</translation>
    </message>
    <message>
        <source>era: %1</source>
        <translation>ère&#xa0;: %1</translation>
    </message>
    <message>
        <source>memory type: %1</source>
        <translation>type de mémoire&#xa0;: %1</translation>
    </message>
    <message>
        <source>timestamp: %1</source>
        <translation>horodatage&#xa0;: %1</translation>
    </message>
    <message>
        <source>DAG order position: %1</source>
        <translation>position dans l’ordre du DAG&#xa0;: %1</translation>
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
        <translation>parents hors de ce voisinage&#xa0;: %1</translation>
    </message>
    <message>
        <source>children beyond this neighbourhood: %1</source>
        <translation>enfants hors de ce voisinage&#xa0;: %1</translation>
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
        <translation>&amp;Générations&#xa0;:</translation>
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
        <translation>C&amp;oupure d’ère&#xa0;:</translation>
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
        <source>No commit graph</source>
        <translation>Pas de graphe de commits</translation>
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
        <translation>Impossible d’écrire %1&#xa0;:
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
        <translation>Autour de la coupure de %1 (ère %2)&#xa0;: %3</translation>
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
        <translation>vert&#xa0;: dans l’historique prouvé</translation>
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
        <translation>étiquette %1 (rang %2)&#xa0;: non fiable</translation>
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
        <source>Search ids, content, provenance, labels, codes…  (Ctrl+F)</source>
        <translation>Rechercher ids, contenu, provenance, étiquettes, codes…  (Ctrl+F)</translation>
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
        <translation>Statut&#xa0;:</translation>
    </message>
    <message>
        <source>Era:</source>
        <translation>Ère&#xa0;:</translation>
    </message>
    <message>
        <source>Type:</source>
        <translation>Type&#xa0;:</translation>
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
        <source>No history</source>
        <translation>Pas d’historique</translation>
    </message>
    <message>
        <source>Shows the commits that contain every word typed (any case): in their id, any text of their content or provenance (keys and values, at any depth), their signer&apos;s key_id, their status, the codes of their findings or their MutMem label. The first MiB of each commit&apos;s text is searched.</source>
        <translation>Affiche les commits qui contiennent chaque mot saisi (sans tenir compte de la casse) : dans leur id, dans tout texte de leur contenu ou de leur provenance (clés et valeurs, à toute profondeur), dans le key_id de leur signataire, leur statut, les codes de leurs constats ou leur étiquette MutMem. La recherche porte sur le premier Mio du texte de chaque commit.</translation>
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
        <source>searching…</source>
        <translation>recherche…</translation>
    </message>
    <message>
        <source>indexing %1 of %2 objects…</source>
        <translation>indexation de %1 objets sur %2…</translation>
    </message>
    <message>
        <source>searching… %1 of %2 looked at</source>
        <translation>recherche… %1 sur %2 examinés</translation>
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
    <name>Hom</name>
    <message>
        <source>master-issued</source>
        <translation>émis par la clé maîtresse</translation>
    </message>
    <message>
        <source>self-issued</source>
        <translation>auto-émis</translation>
    </message>
    <message>
        <source>issued by another key</source>
        <translation>émis par une autre clé</translation>
    </message>
    <message>
        <source>no end</source>
        <translation>sans fin</translation>
    </message>
    <message>
        <source>certificate %1</source>
        <translation>certificat %1</translation>
    </message>
    <message>
        <source>valid %1 – %2</source>
        <translation>valide %1 – %2</translation>
    </message>
    <message>
        <source>(revocation signature not verified)</source>
        <translation>(signature de la révocation non vérifiée)</translation>
    </message>
    <message>
        <source>revoked at %1</source>
        <translation>révoqué le %1</translation>
    </message>
    <message>
        <source>This profile has no commit history: a HOM-AIMOS bundle is one signed JSON document, not a DAG of commits. Its weight chains are in Weights, its signer epochs in Key eras, its receipt or member bundles in Labels &amp; receipts, and every problem in Findings.</source>
        <translation>Ce profil n’a pas d’historique de commits&#xa0;: un paquet HOM-AIMOS est un seul document JSON signé, pas un DAG de commits. Ses chaînes de poids sont dans Poids, ses époques de signataires dans Ères de clé, son reçu ou ses paquets membres dans Étiquettes et reçus, et chaque problème dans Constats.</translation>
    </message>
    <message>
        <source>This store has no commits.</source>
        <translation>Ce magasin n’a aucun commit.</translation>
    </message>
    <message>
        <source>verifies (signatures checked: %1)</source>
        <translation>se vérifie (signatures contrôlées&#xa0;: %1)</translation>
    </message>
    <message>
        <source>does not verify</source>
        <translation>ne se vérifie pas</translation>
    </message>
</context>
<context>
    <name>HomCorpusView</name>
    <message>
        <source>Recall corpus</source>
        <translation>Corpus de rappel</translation>
    </message>
    <message>
        <source>Member bundles</source>
        <translation>Paquets membres</translation>
    </message>
    <message>
        <source>Double-click a member to open it as a bundle of its own; File › Back to the corpus returns here.</source>
        <translation>Double-cliquez sur un membre pour l’ouvrir comme paquet à part entière&#x202f;; Fichier › Revenir au corpus ramène ici.</translation>
    </message>
    <message>
        <source>This bundle is not a recall corpus.</source>
        <translation>Ce paquet n’est pas un corpus de rappel.</translation>
    </message>
    <message numerus="yes">
        <source>%n member bundle(s) retained; intended_n %1</source>
        <translation>
            <numerusform>%n paquet membre conservé&#x202f;; intended_n %1</numerusform>
            <numerusform>%n paquets membres conservés&#x202f;; intended_n %1</numerusform>
        </translation>
    </message>
    <message>
        <source>stated corpus root %1</source>
        <translation>racine déclarée du corpus %1</translation>
    </message>
    <message>
        <source>the corpus root recomputes from the members</source>
        <translation>la racine du corpus se recalcule à partir des membres</translation>
    </message>
    <message>
        <source>recomputed corpus root %1: not the stated root</source>
        <translation>racine du corpus recalculée %1&#xa0;: ce n’est pas la racine déclarée</translation>
    </message>
    <message>
        <source>stated %1
recomputed %2</source>
        <translation>déclaré %1
recalculé %2</translation>
    </message>
</context>
<context>
    <name>HomEnvelopeView</name>
    <message>
        <source>the envelope (objects, body hashes, root, commitment)</source>
        <translation>l’enveloppe (objets, hashes des corps, racine, engagement)</translation>
    </message>
    <message>
        <source>the object schemas</source>
        <translation>les schémas des objets</translation>
    </message>
    <message>
        <source>the authority (actor, housekeeper, grant, request)</source>
        <translation>l’autorité (acteur, housekeeper, octroi, requête)</translation>
    </message>
    <message>
        <source>the decisions</source>
        <translation>les décisions</translation>
    </message>
    <message>
        <source>the returned memories</source>
        <translation>les mémoires renvoyées</translation>
    </message>
    <message>
        <source>the Merkle disclosure and the receipt event</source>
        <translation>la divulgation de Merkle et l’événement de reçu</translation>
    </message>
    <message>
        <source>the signatures under the pinned master</source>
        <translation>les signatures sous le maître épinglé</translation>
    </message>
    <message>
        <source>the mutation bundle&apos;s commitment</source>
        <translation>l’engagement du paquet de mutation</translation>
    </message>
    <message>
        <source>the outcome, its event and its valence</source>
        <translation>le résultat, son événement et sa valence</translation>
    </message>
    <message>
        <source>the terminal (transition, no-op or observation)</source>
        <translation>le terminal (transition, opération nulle ou observation)</translation>
    </message>
    <message>
        <source>the witness</source>
        <translation>le témoin</translation>
    </message>
    <message>
        <source>the trust context (a v2 envelope)</source>
        <translation>le contexte de confiance (une enveloppe v2)</translation>
    </message>
    <message>
        <source>the witnessed signatures</source>
        <translation>les signatures attestées</translation>
    </message>
    <message>
        <source>Portable evidence</source>
        <translation>Preuve portable</translation>
    </message>
    <message>
        <source>Typed objects</source>
        <translation>Objets typés</translation>
    </message>
    <message>
        <source>Authority and decisions</source>
        <translation>Autorité et décisions</translation>
    </message>
    <message>
        <source>Merkle disclosure</source>
        <translation>Divulgation de Merkle</translation>
    </message>
    <message>
        <source>Signatures</source>
        <translation>Signatures</translation>
    </message>
    <message>
        <source>Objects</source>
        <translation>Objets</translation>
    </message>
    <message>
        <source>Authority &amp;&amp; decisions</source>
        <translation>Autorité &amp;&amp; décisions</translation>
    </message>
    <message>
        <source>stated %1
recomputed %2</source>
        <translation>déclaré %1
recalculé %2</translation>
    </message>
    <message>
        <source>evidence %1</source>
        <translation>preuve %1</translation>
    </message>
    <message>
        <source>verifies</source>
        <translation>se vérifie</translation>
    </message>
    <message>
        <source>does not verify</source>
        <translation>ne se vérifie pas</translation>
    </message>
    <message>
        <source>not checked</source>
        <translation>non contrôlée</translation>
    </message>
    <message>
        <source>mutation bundle</source>
        <translation>paquet de mutation</translation>
    </message>
    <message>
        <source>recall envelope</source>
        <translation>enveloppe de rappel</translation>
    </message>
    <message>
        <source>HOM-AIMOS v2 %1 %2 · company %3</source>
        <translation>HOM-AIMOS v2 %1 %2 · société %3</translation>
    </message>
    <message>
        <source>%1 fails at %2</source>
        <translation>%1 échoue à %2</translation>
    </message>
    <message>
        <source>the structure holds; no signature was checked (--structural-only)</source>
        <translation>la structure tient&#x202f;; aucune signature n’a été contrôlée (--structural-only)</translation>
    </message>
    <message>
        <source>every binding and signature holds under the pinned master</source>
        <translation>toutes les liaisons et signatures tiennent sous le maître épinglé</translation>
    </message>
    <message>
        <source>expected master %1 — the master you pinned</source>
        <translation>maître attendu %1 — le maître que vous avez épinglé</translation>
    </message>
    <message>
        <source>expected master %1 — not the master you pinned</source>
        <translation>maître attendu %1 — pas le maître que vous avez épinglé</translation>
    </message>
    <message>
        <source>expected master %1 — not pinned</source>
        <translation>maître attendu %1 — non épinglé</translation>
    </message>
    <message>
        <source>commitment %1</source>
        <translation>engagement %1</translation>
    </message>
    <message>
        <source>Outcome %1 of memory %2 (%3): terminal %4</source>
        <translation>Résultat %1 de la mémoire %2 (%3)&#xa0;: terminal %4</translation>
    </message>
    <message>
        <source>weight %1 → %2</source>
        <translation>poids %1 → %2</translation>
    </message>
    <message>
        <source>Actor %1 (%2), epoch %3 – %4</source>
        <translation>Acteur %1 (%2), époque %3 – %4</translation>
    </message>
    <message>
        <source>Grant %1: allowed %2, clearance ceiling %3, data class ceiling %4</source>
        <translation>Octroi %1&#xa0;: autorisé %2, plafond d’habilitation %3, plafond de classe de données %4</translation>
    </message>
    <message>
        <source>Request %1 %2 at %3, clearance %4, data class %5</source>
        <translation>Requête %1 %2 à %3, habilitation %4, classe de données %5</translation>
    </message>
    <message>
        <source>Return path %1</source>
        <translation>Chemin de retour %1</translation>
    </message>
    <message>
        <source>Merkle root %1 (%2)</source>
        <translation>Racine de Merkle %1 (%2)</translation>
    </message>
    <message>
        <source>result %1: memory %2, label %3, occurrence %4</source>
        <translation>résultat %1&#xa0;: mémoire %2, étiquette %3, occurrence %4</translation>
    </message>
    <message>
        <source>The verification stopped before the authority was read.</source>
        <translation>La vérification s’est arrêtée avant la lecture de l’autorité.</translation>
    </message>
</context>
<context>
    <name>HomReceiptView</name>
    <message>
        <source>Recall receipt</source>
        <translation>Reçu de rappel</translation>
    </message>
    <message>
        <source>Receipt entries</source>
        <translation>Entrées du reçu</translation>
    </message>
    <message>
        <source>Export inclusion proof…</source>
        <translation>Exporter une preuve d’inclusion…</translation>
    </message>
    <message>
        <source>Save the RFC 6962 inclusion proof of the selected entry with the signed event receipt it stands on</source>
        <translation>Enregistrer la preuve d’inclusion RFC 6962 de l’entrée choisie avec le reçu d’événement signé sur lequel elle repose</translation>
    </message>
    <message>
        <source>Export result</source>
        <translation>Résultat de l’export</translation>
    </message>
    <message>
        <source>This bundle has no recall receipt.</source>
        <translation>Ce paquet n’a pas de reçu de rappel.</translation>
    </message>
    <message>
        <source>Receipt %1 · requested by %2 at %3</source>
        <translation>Reçu %1 · demandé par %2 le %3</translation>
    </message>
    <message>
        <source>query: %1</source>
        <translation>requête&#xa0;: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n entry(ies) disclosed · Merkle schema %1</source>
        <translation>
            <numerusform>%n entrée divulguée · schéma Merkle %1</numerusform>
            <numerusform>%n entrées divulguées · schéma Merkle %1</numerusform>
        </translation>
    </message>
    <message>
        <source>stated root %1</source>
        <translation>racine déclarée %1</translation>
    </message>
    <message>
        <source>the root recomputes from the entries</source>
        <translation>la racine se recalcule à partir des entrées</translation>
    </message>
    <message>
        <source>recomputed root %1: not the stated root</source>
        <translation>racine recalculée %1&#xa0;: ce n’est pas la racine déclarée</translation>
    </message>
    <message>
        <source>the housekeeper-signed event receipt is present</source>
        <translation>le reçu d’événement signé par le housekeeper est présent</translation>
    </message>
    <message>
        <source>the signed event receipt is missing: the verdict is indeterminate</source>
        <translation>le reçu d’événement signé manque&#xa0;: le verdict est indéterminé</translation>
    </message>
    <message>
        <source>the command hash is checked against the signed event receipt, not recomputed</source>
        <translation>le hash de la commande est contrôlé par rapport au reçu d’événement signé, pas recalculé</translation>
    </message>
    <message>
        <source>the command hash recomputes</source>
        <translation>le hash de la commande se recalcule</translation>
    </message>
    <message>
        <source>this bundle has no recall receipt</source>
        <translation>ce paquet n’a pas de reçu de rappel</translation>
    </message>
    <message>
        <source>the receipt&apos;s stated root is not the root of its entries</source>
        <translation>la racine déclarée du reçu n’est pas la racine de ses entrées</translation>
    </message>
    <message>
        <source>the signed event receipt is missing: a proof would stand on nothing signed</source>
        <translation>le reçu d’événement signé manque&#xa0;: une preuve ne reposerait sur rien de signé</translation>
    </message>
    <message>
        <source>the bundle does not verify (%1)</source>
        <translation>le paquet ne se vérifie pas (%1)</translation>
    </message>
    <message>
        <source>No proof: %1</source>
        <translation>Pas de preuve&#xa0;: %1</translation>
    </message>
    <message>
        <source>No proof: there is no entry %1</source>
        <translation>Pas de preuve&#xa0;: il n’y a pas d’entrée %1</translation>
    </message>
    <message>
        <source>No proof: no bundle is open</source>
        <translation>Pas de preuve&#xa0;: aucun paquet n’est ouvert</translation>
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
        <source>Writing the proof…</source>
        <translation>Écriture de la preuve…</translation>
    </message>
    <message>
        <source>Saved %1: entry %2 of %3 under root %4, with the signed event receipt</source>
        <translation>%1 enregistré&#xa0;: entrée %2 sur %3 sous la racine %4, avec le reçu d’événement signé</translation>
    </message>
    <message>
        <source>No proof was written: %1</source>
        <translation>Aucune preuve n’a été écrite&#xa0;: %1</translation>
    </message>
</context>
<context>
    <name>Judgement</name>
    <message>
        <source>signature %1</source>
        <translation>signature %1</translation>
    </message>
</context>
<context>
    <name>LabelChainPane</name>
    <message>
        <source>Labelled memories:</source>
        <translation>Mémoires étiquetées&#xa0;:</translation>
    </message>
    <message>
        <source>Memories that carry at least one label record, the least trusted first</source>
        <translation>Mémoires portant au moins un enregistrement d’étiquette, les moins fiables d’abord</translation>
    </message>
    <message>
        <source>(no labelled memories)</source>
        <translation>(aucune mémoire étiquetée)</translation>
    </message>
    <message>
        <source>Select a memory to see its label chain.</source>
        <translation>Sélectionnez une mémoire pour voir sa chaîne d’étiquettes.</translation>
    </message>
    <message>
        <source>untrusted</source>
        <translation>non fiable</translation>
    </message>
    <message>
        <source>trusted</source>
        <translation>fiable</translation>
    </message>
    <message>
        <source>Memory %1 — “%2”</source>
        <translation>Mémoire %1 — «&#xa0;%2&#xa0;»</translation>
    </message>
    <message>
        <source>Now: %1 (%2) · weight %3 · </source>
        <translation>Maintenant&#xa0;: %1 (%2) · poids %3 · </translation>
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
        <translation>Chaîne&#xa0;:</translation>
    </message>
    <message>
        <source>No label records: the label is null (ranks like &lt;i&gt;unverified&lt;/i&gt;, trusted).</source>
        <translation>Aucun enregistrement d’étiquette&#xa0;: l’étiquette est nulle (même rang que &lt;i&gt;unverified&lt;/i&gt;, fiable).</translation>
    </message>
    <message>
        <source>label record %1</source>
        <translation>enregistrement d’étiquette %1</translation>
    </message>
    <message>
        <source>restriction rank: supported/poison_refuted 0, unverified 1, disputed 2, poison_suspect 3, poison_likely 4, poison_confirmed 5; rank ≥ 3 is untrusted</source>
        <translation>rang de restriction&#xa0;: supported/poison_refuted 0, unverified 1, disputed 2, poison_suspect 3, poison_likely 4, poison_confirmed 5&#x202f;; un rang ≥ 3 n’est pas fiable</translation>
    </message>
    <message>
        <source>no evidence cited</source>
        <translation>aucune preuve citée</translation>
    </message>
    <message>
        <source>index %1 in DAG order</source>
        <translation>indice %1 dans l’ordre du DAG</translation>
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
        <source>Receipts and label chains</source>
        <translation>Reçus et chaînes d’étiquettes</translation>
    </message>
    <message>
        <source>A HOM-AIMOS cognitive bundle carries weight chains (see Weights), no labels and no recall receipts.</source>
        <translation>Un paquet cognitif HOM-AIMOS porte des chaînes de poids (voir Poids), ni étiquettes ni reçus de rappel.</translation>
    </message>
    <message>
        <source>Recall receipts (%1)</source>
        <translation>Reçus de rappel (%1)</translation>
    </message>
    <message numerus="yes">
        <source>%n failing</source>
        <translation>
            <numerusform>%n en échec</numerusform>
            <numerusform>%n en échec</numerusform>
        </translation>
    </message>
    <message>
        <source>Label chains (%1)</source>
        <translation>Chaînes d’étiquettes (%1)</translation>
    </message>
    <message numerus="yes">
        <source>%n untrusted</source>
        <translation>
            <numerusform>%n non fiable</numerusform>
            <numerusform>%n non fiables</numerusform>
        </translation>
    </message>
    <message>
        <source>entry %1 is outside this receipt&apos;s %2 entries</source>
        <translation>l’entrée %1 est hors des %2 entrées de ce reçu</translation>
    </message>
    <message>
        <source>no memory file is open to prove the receipt from</source>
        <translation>aucun fichier de mémoire n’est ouvert d’où prouver le reçu</translation>
    </message>
    <message>
        <source>Writing the proof…</source>
        <translation>Écriture de la preuve…</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Aleth Inspector</source>
        <translation>Aleth Inspector</translation>
    </message>
    <message>
        <source>Key eras</source>
        <translation>Ères de clé</translation>
    </message>
    <message>
        <source>No file open</source>
        <translation>Aucun fichier ouvert</translation>
    </message>
    <message>
        <source>Signer epochs</source>
        <translation>Époques des signataires</translation>
    </message>
    <message numerus="yes">
        <source>Shaded: the proven history of %1 — the %n commit(s) up to its cutoff %2</source>
        <translation>
            <numerusform>Ombré&#xa0;: l’historique prouvé de %1 — le %n commit jusqu’à sa coupure %2</numerusform>
            <numerusform>Ombré&#xa0;: l’historique prouvé de %1 — les %n commits jusqu’à sa coupure %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MemoryTableModel</name>
    <message>
        <source>Certification</source>
        <translation>Certification</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Motif</translation>
    </message>
    <message>
        <source>the chain&apos;s terminal milli-weight (▲ above, ▼ below the 1000 start)</source>
        <translation>le milli-poids final de la chaîne (▲ au-dessus, ▼ en dessous du départ 1000)</translation>
    </message>
    <message>
        <source>the reference verifier&apos;s certification status of the chain</source>
        <translation>le statut de certification de la chaîne selon le vérificateur de référence</translation>
    </message>
    <message>
        <source>why the chain did not certify (the reference&apos;s reason string)</source>
        <translation>pourquoi la chaîne n’a pas été certifiée (le motif exact de la référence)</translation>
    </message>
    <message>
        <source>number of signed weight transitions</source>
        <translation>nombre de transitions de poids signées</translation>
    </message>
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
            <numerusform>%n enregistrement d’étiquette&#x202f;; la chaîne est dans la vue Étiquettes</numerusform>
            <numerusform>%n enregistrements d’étiquette&#x202f;; la chaîne est dans la vue Étiquettes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>OpenFlow</name>
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
        <source>Aleth Inspector</source>
        <translation>Aleth Inspector</translation>
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
        <translation>Impossible de lire %1&#xa0;: %2</translation>
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
        <translation>Déchiffrement impossible&#xa0;: phrase secrète erronée, ou le fichier a été modifié.</translation>
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
    <message>
        <source>Audit every memory file in a folder</source>
        <translation>Auditer chaque fichier de mémoire d’un dossier</translation>
    </message>
    <message>
        <source>Corpus member</source>
        <translation>Membre du corpus</translation>
    </message>
</context>
<context>
    <name>OverviewView</name>
    <message>
        <source>The MutMem update rule is not checked for these bundles: they carry only the judge valence, so a weight step is checked for its signatures, bounds and continuity, not for its size.</source>
        <translation>La règle de mise à jour MutMem n’est pas vérifiée pour ces paquets&#xa0;: ils ne portent que la valence du juge, donc chaque pas de poids est vérifié pour ses signatures, ses bornes et sa continuité, pas pour sa taille.</translation>
    </message>
    <message>
        <source>Integrity is not truth: a valid signature proves who wrote a memory and that it is unchanged, not that what it says is correct.</source>
        <translation>L’intégrité n’est pas la vérité&#xa0;: une signature valide prouve qui a écrit une mémoire et qu’elle n’a pas changé, pas que ce qu’elle dit est exact.</translation>
    </message>
    <message>
        <source>A receipt shows what was disclosed, not what was withheld.</source>
        <translation>Un reçu montre ce qui a été divulgué, pas ce qui a été retenu.</translation>
    </message>
    <message>
        <source>Without an external checkpoint, rollback cannot be detected: an older complete copy of the file verifies just as well.</source>
        <translation>Sans point de contrôle externe, un retour en arrière est indétectable&#xa0;: une copie complète plus ancienne du fichier se vérifie tout aussi bien.</translation>
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
        <translation>L’inspecteur s’est arrêté sur une erreur inattendue. C’est un bogue de l’inspecteur, pas un verdict sur le fichier&#xa0;: le fichier n’a pas été modifié. Copiez le rapport de plantage ci-dessous dans un rapport de bogue.</translation>
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
        <source>Judged with</source>
        <translation>Jugé avec</translation>
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
        <source>cognitive evidence (weight chains)</source>
        <translation>preuve cognitive (chaînes de poids)</translation>
    </message>
    <message>
        <source>recall evidence (one recall receipt)</source>
        <translation>preuve de rappel (un reçu de rappel)</translation>
    </message>
    <message>
        <source>recall corpus (a set of recall bundles)</source>
        <translation>corpus de rappel (un ensemble de paquets de rappel)</translation>
    </message>
    <message>
        <source>HOM-AIMOS v1 bundle — %1</source>
        <translation>paquet HOM-AIMOS v1 — %1</translation>
    </message>
    <message>
        <source>Bundle SHA-256</source>
        <translation>SHA-256 du paquet</translation>
    </message>
    <message>
        <source>(of the canonical JSON document)</source>
        <translation>(du document JSON canonique)</translation>
    </message>
    <message>
        <source>Proof root</source>
        <translation>Racine de la preuve</translation>
    </message>
    <message>
        <source>Merkle root</source>
        <translation>Racine de Merkle</translation>
    </message>
    <message>
        <source>Corpus root</source>
        <translation>Racine du corpus</translation>
    </message>
    <message>
        <source>Root</source>
        <translation>Racine</translation>
    </message>
    <message>
        <source>(the reference states none for this verdict; recomputed from the entries: %1)</source>
        <translation>(la référence n’en donne aucune pour ce verdict&#x202f;; recalculée à partir des entrées&#xa0;: %1)</translation>
    </message>
    <message>
        <source>Primary reason</source>
        <translation>Motif principal</translation>
    </message>
    <message>
        <source>Company</source>
        <translation>Entreprise</translation>
    </message>
    <message>
        <source>Master key</source>
        <translation>Clé maîtresse</translation>
    </message>
    <message numerus="yes">
        <source>%n memory(ies)</source>
        <translation>
            <numerusform>%n mémoire</numerusform>
            <numerusform>%n mémoires</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n weight transition(s)</source>
        <translation>
            <numerusform>%n transition de poids</numerusform>
            <numerusform>%n transitions de poids</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n signer epoch(s)</source>
        <translation>
            <numerusform>%n époque de signataire</numerusform>
            <numerusform>%n époques de signataires</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n ledger event(s)</source>
        <translation>
            <numerusform>%n événement du registre</numerusform>
            <numerusform>%n événements du registre</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n receipt entry(ies)</source>
        <translation>
            <numerusform>%n entrée de reçu</numerusform>
            <numerusform>%n entrées de reçu</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n member bundle(s)</source>
        <translation>
            <numerusform>%n paquet membre</numerusform>
            <numerusform>%n paquets membres</numerusform>
        </translation>
    </message>
    <message>
        <source>SQL parity</source>
        <translation>Parité SQL</translation>
    </message>
    <message>
        <source>the engine&apos;s own records equal the recomputed ones</source>
        <translation>les enregistrements du moteur sont identiques à ceux recalculés</translation>
    </message>
    <message>
        <source>the engine&apos;s own records differ from the recomputed ones</source>
        <translation>les enregistrements du moteur diffèrent de ceux recalculés</translation>
    </message>
    <message>
        <source>mutation bundle</source>
        <translation>paquet de mutation</translation>
    </message>
    <message>
        <source>recall envelope</source>
        <translation>enveloppe de rappel</translation>
    </message>
    <message>
        <source>HOM-AIMOS v2 portable evidence — %1</source>
        <translation>preuve portable HOM-AIMOS v2 — %1</translation>
    </message>
    <message>
        <source>Commitment</source>
        <translation>Engagement</translation>
    </message>
    <message>
        <source>Object root</source>
        <translation>Racine d’objets</translation>
    </message>
    <message numerus="yes">
        <source>%n object(s)</source>
        <translation>
            <numerusform>%n objet</numerusform>
            <numerusform>%n objets</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n returned memory(ies)</source>
        <translation>
            <numerusform>%n mémoire renvoyée</numerusform>
            <numerusform>%n mémoires renvoyées</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n signature(s) checked</source>
        <translation>
            <numerusform>%n signature contrôlée</numerusform>
            <numerusform>%n signatures contrôlées</numerusform>
        </translation>
    </message>
    <message>
        <source>Weight chains</source>
        <translation>Chaînes de poids</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more (see Weights)</source>
        <translation>
            <numerusform>… et %n de plus (voir Poids)</numerusform>
            <numerusform>… et %n de plus (voir Poids)</numerusform>
        </translation>
    </message>
    <message>
        <source>Signer epochs</source>
        <translation>Époques des signataires</translation>
    </message>
    <message>
        <source>Recall receipt</source>
        <translation>Reçu de rappel</translation>
    </message>
    <message numerus="yes">
        <source>Bundle %1, requested by %2: %n entry(ies) disclosed.</source>
        <translation>
            <numerusform>Paquet %1, demandé par %2&#xa0;: %n entrée divulguée.</numerusform>
            <numerusform>Paquet %1, demandé par %2&#xa0;: %n entrées divulguées.</numerusform>
        </translation>
    </message>
    <message>
        <source>the Merkle root recomputes from the entries</source>
        <translation>la racine de Merkle se recalcule à partir des entrées</translation>
    </message>
    <message>
        <source>the stated Merkle root is not the root of the entries</source>
        <translation>la racine de Merkle déclarée n’est pas la racine des entrées</translation>
    </message>
    <message>
        <source>the signed event receipt is present</source>
        <translation>le reçu d’événement signé est présent</translation>
    </message>
    <message>
        <source>the signed event receipt is missing: the verdict is indeterminate</source>
        <translation>le reçu d’événement signé manque&#xa0;: le verdict est indéterminé</translation>
    </message>
    <message>
        <source>Member bundles</source>
        <translation>Paquets membres</translation>
    </message>
    <message numerus="yes">
        <source>%n member(s) retained, intended_n %1. Double-click a member in the Labels &amp; receipts tab to open it as a bundle of its own.</source>
        <translation>
            <numerusform>%n membre conservé, intended_n %1. Double-cliquez sur un membre dans l’onglet Étiquettes et reçus pour l’ouvrir comme paquet à part entière.</numerusform>
            <numerusform>%n membres conservés, intended_n %1. Double-cliquez sur un membre dans l’onglet Étiquettes et reçus pour l’ouvrir comme paquet à part entière.</numerusform>
        </translation>
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
        <translation>Rien n’a été modifié. Si vous pensiez pouvoir ouvrir ce fichier, comparez son SHA-256 avec une copie de confiance&#x202f;; un fichier endommagé ou tronqué ne peut pas être vérifié.</translation>
    </message>
    <message>
        <source>The payload does not authenticate with the key this passphrase gives. An ALETH001 file cannot tell a wrong passphrase from a changed file: try the passphrase again, and if it is right, the file was changed after sealing.</source>
        <translation>La charge utile ne s’authentifie pas avec la clé que donne cette phrase secrète. Un fichier ALETH001 ne distingue pas une mauvaise phrase secrète d’un fichier modifié : réessayez la phrase secrète ; si elle est juste, le fichier a été modifié après son scellement.</translation>
    </message>
    <message>
        <source>Copied ✔</source>
        <translation>Copié ✔</translation>
    </message>
</context>
<context>
    <name>ProofDialog</name>
    <message>
        <source>VALID</source>
        <translation>VALIDE</translation>
    </message>
    <message>
        <source>NOT ANCHORED</source>
        <translation>NON ANCRÉE</translation>
    </message>
    <message>
        <source>INVALID</source>
        <translation>INVALIDE</translation>
    </message>
    <message>
        <source>UNOPENABLE</source>
        <translation>IMPOSSIBLE À OUVRIR</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Parcourir…</translation>
    </message>
    <message>
        <source>Folder…</source>
        <translation>Dossier…</translation>
    </message>
    <message>
        <source>Check proof</source>
        <translation>Vérifier une preuve</translation>
    </message>
    <message>
        <source>A proof stands on the receipt&apos;s signature, and on the memory file or a key you trust. Without either it is only consistent, not anchored.</source>
        <translation>Une preuve repose sur la signature du reçu, et sur le fichier de mémoire ou une clé de confiance. Sans l’un ni l’autre, elle est seulement cohérente, pas ancrée.</translation>
    </message>
    <message>
        <source>proof file (.json) written by Export inclusion proof or receipt prove</source>
        <translation>fichier de preuve (.json) écrit par Exporter une preuve d’inclusion ou receipt prove</translation>
    </message>
    <message>
        <source>Proof file</source>
        <translation>Fichier de preuve</translation>
    </message>
    <message>
        <source>The &amp;memory file it came from</source>
        <translation>Le fichier de &amp;mémoire d’où elle vient</translation>
    </message>
    <message>
        <source>A &amp;trusted key</source>
        <translation>Une clé de &amp;confiance</translation>
    </message>
    <message>
        <source>&amp;Nothing (consistency only)</source>
        <translation>&amp;Rien (cohérence seulement)</translation>
    </message>
    <message>
        <source>.aleth file or directory store</source>
        <translation>fichier .aleth ou magasin répertoire</translation>
    </message>
    <message>
        <source>Memory file</source>
        <translation>Fichier de mémoire</translation>
    </message>
    <message>
        <source>passphrase, or aleth-recovery-v1:… (sealed files only)</source>
        <translation>phrase secrète, ou aleth-recovery-v1:… (fichiers scellés seulement)</translation>
    </message>
    <message>
        <source>Passphrase or recovery code</source>
        <translation>Phrase secrète ou code de récupération</translation>
    </message>
    <message>
        <source>public key file (PEM or JWK), or sha256:&lt;64 hex digits&gt;</source>
        <translation>fichier de clé publique (PEM ou JWK), ou sha256:&lt;64 chiffres hex&gt;</translation>
    </message>
    <message>
        <source>Trusted key</source>
        <translation>Clé de confiance</translation>
    </message>
    <message>
        <source>Proof:</source>
        <translation>Preuve&#xa0;:</translation>
    </message>
    <message>
        <source>Proofs (*.json);;All files (*)</source>
        <translation>Preuves (*.json);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Anchor to:</source>
        <translation>Ancrer à&#xa0;:</translation>
    </message>
    <message>
        <source>Aleth files (*.aleth);;All files (*)</source>
        <translation>Fichiers Aleth (*.aleth);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Trusted public key</source>
        <translation>Clé publique de confiance</translation>
    </message>
    <message>
        <source>Keys (*.pem *.pub *.jwk *.json);;All files (*)</source>
        <translation>Clés (*.pem *.pub *.jwk *.json);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Input error</source>
        <translation>Erreur de saisie</translation>
    </message>
    <message>
        <source>Checking</source>
        <translation>Vérification</translation>
    </message>
    <message>
        <source>Proof verdict</source>
        <translation>Verdict de la preuve</translation>
    </message>
    <message>
        <source>What the proof is anchored to</source>
        <translation>Ce à quoi la preuve est ancrée</translation>
    </message>
    <message>
        <source>Checks</source>
        <translation>Contrôles</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Notes</translation>
    </message>
    <message>
        <source>&amp;Check</source>
        <translation>&amp;Vérifier</translation>
    </message>
    <message>
        <source>%1 is sealed: enter its passphrase or recovery code.</source>
        <translation>%1 est scellé&#xa0;: saisissez sa phrase secrète ou son code de récupération.</translation>
    </message>
    <message>
        <source>Choose a proof file.</source>
        <translation>Choisissez un fichier de preuve.</translation>
    </message>
    <message>
        <source>Choose the memory file the proof came from.</source>
        <translation>Choisissez le fichier de mémoire d’où vient la preuve.</translation>
    </message>
    <message>
        <source>Verifying the bundle…</source>
        <translation>Vérification du paquet…</translation>
    </message>
    <message>
        <source>Enter the master key&apos;s sha256: fingerprint you trust.</source>
        <translation>Indiquez l’empreinte sha256: de la clé maîtresse à laquelle vous vous fiez.</translation>
    </message>
    <message>
        <source>Enter the trusted key&apos;s file or its sha256: fingerprint.</source>
        <translation>Indiquez le fichier de la clé de confiance ou son empreinte sha256:.</translation>
    </message>
    <message>
        <source>Checking the proof…</source>
        <translation>Vérification de la preuve…</translation>
    </message>
    <message>
        <source>Unlocking and verifying the memory file…</source>
        <translation>Déverrouillage et vérification du fichier de mémoire…</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Annulé.</translation>
    </message>
    <message>
        <source>The check failed: %1</source>
        <translation>La vérification a échoué&#xa0;: %1</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>Note&#xa0;: %1</translation>
    </message>
    <message>
        <source>Export inclusion proof</source>
        <translation>Exporter une preuve d’inclusion</translation>
    </message>
    <message>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>Fichiers JSON (*.json);;Tous les fichiers (*)</translation>
    </message>
</context>
<context>
    <name>ProofExportDialog</name>
    <message>
        <source>Export inclusion proof</source>
        <translation>Exporter une preuve d’inclusion</translation>
    </message>
    <message>
        <source>Writing the proof of entry %1 of receipt %2…</source>
        <translation>Écriture de la preuve de l’entrée %1 du reçu %2…</translation>
    </message>
    <message>
        <source>Export result</source>
        <translation>Résultat de l’export</translation>
    </message>
    <message>
        <source>Check &amp;proof…</source>
        <translation>Vérifier la &amp;preuve…</translation>
    </message>
    <message>
        <source>Saved %1: entry %2 of %3 of receipt %4, signed by %5 (%6); %7 in this file, receipt %8.</source>
        <translation>%1 enregistré&#xa0;: entrée %2 sur %3 du reçu %4, signé par %5 (%6)&#x202f;; %7 dans ce fichier, reçu %8.</translation>
    </message>
    <message>
        <source>It is anchored when checked against this file or that key (Check proof…).</source>
        <translation>Elle est ancrée lorsqu’on la vérifie par rapport à ce fichier ou à cette clé (Vérifier la preuve…).</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>Note&#xa0;: %1</translation>
    </message>
    <message>
        <source>No proof was written: %1</source>
        <translation>Aucune preuve n’a été écrite&#xa0;: %1</translation>
    </message>
</context>
<context>
    <name>ReceiptsPane</name>
    <message>
        <source>Select a receipt to see what it disclosed.</source>
        <translation>Sélectionnez un reçu pour voir ce qu’il a divulgué.</translation>
    </message>
    <message>
        <source>What failed in this receipt</source>
        <translation>Ce qui a échoué dans ce reçu</translation>
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
        <source>all receipt checks pass</source>
        <translation>tous les contrôles du reçu passent</translation>
    </message>
    <message>
        <source>stated root %1
recomputed root %2</source>
        <translation>racine déclarée %1
racine recalculée %2</translation>
    </message>
    <message>
        <source>evidence record: %1 (its signature: %2)</source>
        <translation>enregistrement de preuve : %1 (sa signature : %2)</translation>
    </message>
    <message>
        <source>This file has no recall receipts.</source>
        <translation>Ce fichier n’a pas de reçus de rappel.</translation>
    </message>
    <message>
        <source>Receipt %1: %2 of k = %3 disclosed at head %4 · query %5 · root %6</source>
        <translation>Reçu %1&#xa0;: %2 sur k = %3 divulgués à la tête %4 · requête %5 · racine %6</translation>
    </message>
    <message>
        <source>Saved %1: an anchored proof (check it with File › Check inclusion proof…)</source>
        <translation>%1 enregistré&#xa0;: une preuve ancrée (vérifiez-la avec Fichier › Vérifier une preuve d’inclusion…)</translation>
    </message>
    <message>
        <source>Could not export the proof: %1</source>
        <translation>Impossible d’exporter la preuve&#xa0;: %1</translation>
    </message>
</context>
<context>
    <name>SettingsText</name>
    <message>
        <source>the recovery code</source>
        <translation>le code de récupération</translation>
    </message>
    <message>
        <source>the passphrase</source>
        <translation>la phrase secrète</translation>
    </message>
    <message>
        <source>the file %1</source>
        <translation>le fichier %1</translation>
    </message>
    <message>
        <source>the environment variable %1</source>
        <translation>la variable d’environnement %1</translation>
    </message>
    <message>
        <source>%1 from %2</source>
        <translation>%1 (depuis %2)</translation>
    </message>
    <message>
        <source>no credential</source>
        <translation>aucun identifiant</translation>
    </message>
    <message>
        <source>no checkpoint</source>
        <translation>aucun point de contrôle</translation>
    </message>
    <message>
        <source>(dropped)</source>
        <translation>(déposé)</translation>
    </message>
    <message>
        <source>checkpoint %1</source>
        <translation>point de contrôle %1</translation>
    </message>
    <message>
        <source>this window&apos;s settings</source>
        <translation>les réglages de cette fenêtre</translation>
    </message>
    <message>
        <source>the fleet audit&apos;s settings (no credentials rules)</source>
        <translation>les réglages de l’audit de parc (sans règles d’identifiants)</translation>
    </message>
    <message>
        <source>the fleet audit&apos;s settings (no rule of %1 matches this file)</source>
        <translation>les réglages de l’audit de parc (aucune règle de %1 ne correspond à ce fichier)</translation>
    </message>
    <message>
        <source>the fleet audit&apos;s settings (%1, rule %2: %3)</source>
        <translation>les réglages de l’audit de parc (%1, règle %2 : %3)</translation>
    </message>
    <message>
        <source>strict: warnings fail</source>
        <translation>strict : les avertissements font échouer</translation>
    </message>
    <message>
        <source>master key %1 pinned</source>
        <translation>clé maîtresse %1 épinglée</translation>
    </message>
    <message>
        <source>no master key pinned</source>
        <translation>aucune clé maîtresse épinglée</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1&#xa0;: %2</translation>
    </message>
    <message>
        <source>Judged with %1</source>
        <translation>Jugé avec %1</translation>
    </message>
    <message>
        <source>The fleet audit said %1: the file changed since (its SHA-256 differs).</source>
        <translation>L’audit de parc a dit %1 : le fichier a changé depuis (son SHA-256 diffère).</translation>
    </message>
    <message>
        <source>The fleet audit said %1.</source>
        <translation>L’audit de parc a dit %1.</translation>
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
        <source>%n commit(s) outside the history a revoked key may speak for</source>
        <translation>
            <numerusform>%n commit hors de l’historique dont une clé révoquée peut répondre</numerusform>
            <numerusform>%n commits hors de l’historique dont une clé révoquée peut répondre</numerusform>
        </translation>
    </message>
    <message>
        <source>The file does not continue the history the checkpoint saw: %1</source>
        <translation>Le fichier ne prolonge pas l’historique qu’a vu le point de contrôle&#xa0;: %1</translation>
    </message>
    <message numerus="yes">
        <source>(and %n more error(s))</source>
        <translation>
            <numerusform>(et %n autre erreur)</numerusform>
            <numerusform>(et %n autres erreurs)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n commit(s) signed by %1 not proven to predate its rotation</source>
        <translation>
            <numerusform>%n commit signé par %1 sans preuve d’antériorité à sa rotation</numerusform>
            <numerusform>%n commits signés par %1 sans preuve d’antériorité à sa rotation</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n commit(s) signed by %1 not proven to predate its revocation</source>
        <translation>
            <numerusform>%n commit signé par %1 sans preuve d’antériorité à sa révocation</numerusform>
            <numerusform>%n commits signés par %1 sans preuve d’antériorité à sa révocation</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n more by other retired keys)</source>
        <translation>
            <numerusform>(%n autre par une autre clé retirée)</numerusform>
            <numerusform>(%n autres par d’autres clés retirées)</numerusform>
        </translation>
    </message>
    <message>
        <source>The structure holds as the reference verifier judges it; no signature was checked.</source>
        <translation>La structure tient comme le juge le vérificateur de référence&#x202f;; aucune signature n’a été contrôlée.</translation>
    </message>
    <message>
        <source>Every binding and signature checks as the reference verifier judges them, under the master you pinned.</source>
        <translation>Toutes les liaisons et signatures se vérifient comme les juge le vérificateur de référence, sous le maître que vous avez épinglé.</translation>
    </message>
    <message>
        <source>Every hash, signature and chain checks as the reference verifier judges them: the bundle is internally consistent.</source>
        <translation>Chaque hash, signature et chaîne est vérifié comme le juge le vérificateur de référence&#xa0;: le paquet est cohérent en lui-même.</translation>
    </message>
    <message>
        <source>Every id, signature and link checks; every key era holds.</source>
        <translation>Chaque id, signature et lien est vérifié&#x202f;; chaque ère de clé tient.</translation>
    </message>
    <message>
        <source>No master key in this bundle: who signed is not established</source>
        <translation>Ce paquet n’a pas de clé maîtresse&#xa0;: qui a signé n’est pas établi</translation>
    </message>
    <message>
        <source>Master key %1 — the master you pinned</source>
        <translation>Clé maîtresse %1 — celle que vous avez épinglée</translation>
    </message>
    <message>
        <source>Master key %1 — not the master you pinned</source>
        <translation>Clé maîtresse %1 — ce n’est pas celle que vous avez épinglée</translation>
    </message>
    <message>
        <source>Master key %1 — its fingerprint does not match its key</source>
        <translation>Clé maîtresse %1 — son empreinte ne correspond pas à sa clé</translation>
    </message>
    <message>
        <source>Master key %1 — not pinned: valid means internally consistent</source>
        <translation>Clé maîtresse %1 — non épinglée&#xa0;: valide signifie cohérent en lui-même</translation>
    </message>
    <message>
        <source>No expected master fingerprint: who signed is not established</source>
        <translation>Aucune empreinte maîtresse attendue&#xa0;: qui a signé n’est pas établi</translation>
    </message>
    <message>
        <source>Expected master %1 — structure only: no signature was checked</source>
        <translation>Maître attendu %1 — structure seule&#xa0;: aucune signature n’a été contrôlée</translation>
    </message>
    <message>
        <source>Expected master %1 — the master you pinned</source>
        <translation>Maître attendu %1 — le maître que vous avez épinglé</translation>
    </message>
    <message>
        <source>Expected master %1 — not the master you pinned</source>
        <translation>Maître attendu %1 — pas le maître que vous avez épinglé</translation>
    </message>
    <message>
        <source>Expected master %1 — not pinned: the signatures cannot be trusted</source>
        <translation>Maître attendu %1 — non épinglé&#xa0;: on ne peut pas se fier aux signatures</translation>
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
        <translation>Point de contrôle en échec&#xa0;: ce n’est pas l’historique que le point de contrôle a vu</translation>
    </message>
    <message>
        <source>No checkpoint — rollback not detectable</source>
        <translation>Pas de point de contrôle — retour en arrière indétectable</translation>
    </message>
</context>
<context>
    <name>TrajectoryPlot</name>
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
        <source>Export PNG…</source>
        <translation>Exporter en PNG…</translation>
    </message>
    <message>
        <source>Save the weight plot as a PNG image</source>
        <translation>Enregistrer le graphique des poids en image PNG</translation>
    </message>
    <message>
        <source>milli-weight</source>
        <translation>milli-poids</translation>
    </message>
    <message>
        <source>signed time (UTC)</source>
        <translation>heure de signature (UTC)</translation>
    </message>
    <message>
        <source>DAG position</source>
        <translation>position dans le DAG</translation>
    </message>
    <message>
        <source>● signed weight transition at its signing time (click to select it)   ■ the chain&apos;s start (1000, or its signed baseline)   dashed: floor, start, ceiling</source>
        <translation>● transition de poids signée à son heure de signature (cliquez pour la sélectionner)   ■ le départ de la chaîne (1000, ou sa base signée)   pointillés&#xa0;: plancher, départ, plafond</translation>
    </message>
    <message>
        <source>● weight transition (click to select its commit)   ◆ label record   ■ the memory&apos;s own commit (start, 1000)   dashed: floor, start, ceiling</source>
        <translation>● transition de poids (cliquer pour sélectionner son commit)   ◆ enregistrement d’étiquette   ■ le commit de la mémoire elle-même (départ, 1000)   pointillés&#xa0;: plancher, départ, plafond</translation>
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
        <translation>Mémoire %1 — «&#xa0;%2&#xa0;»</translation>
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
    <message>
        <source>Memory %1 — content %2</source>
        <translation>Mémoire %1 — contenu %2</translation>
    </message>
    <message numerus="yes">
        <source>weight now %1 after %n signed transition(s)</source>
        <translation>
            <numerusform>poids actuel %1 après %n transition signée</numerusform>
            <numerusform>poids actuel %1 après %n transitions signées</numerusform>
        </translation>
    </message>
    <message>
        <source>declared %1 (float32 %2)</source>
        <translation>déclaré %1 (float32 %2)</translation>
    </message>
    <message>
        <source>start: weight %1
position %2 (the memory itself)</source>
        <translation>départ&#xa0;: poids %1
position %2 (la mémoire elle-même)</translation>
    </message>
    <message>
        <source>transition %1 of %2: %3 → %4 (%5)</source>
        <translation>transition %1 sur %2&#xa0;: %3 → %4 (%5)</translation>
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
        <source>start: %1</source>
        <translation>départ&#xa0;: %1</translation>
    </message>
    <message>
        <source>signed baseline, observed %1 (float32 %2)</source>
        <translation>base signée, observée le %1 (float32 %2)</translation>
    </message>
    <message>
        <source>the protocol default (no baseline)</source>
        <translation>la valeur par défaut du protocole (pas de base)</translation>
    </message>
    <message>
        <source>float32 mirrors %1 → %2 (%3 → %4)</source>
        <translation>miroirs float32 %1 → %2 (%3 → %4)</translation>
    </message>
    <message>
        <source>signed JSON floats %1 → %2</source>
        <translation>flottants JSON signés %1 → %2</translation>
    </message>
    <message>
        <source>judge valence %1</source>
        <translation>valence du juge %1</translation>
    </message>
    <message>
        <source>signed %1 by %2, certificate %3</source>
        <translation>signé le %1 par %2, certificat %3</translation>
    </message>
    <message>
        <source>every check of this step passed</source>
        <translation>tous les contrôles de ce pas ont réussi</translation>
    </message>
    <message>
        <source>this step did not verify (see Findings)</source>
        <translation>ce pas ne s’est pas vérifié (voir Constats)</translation>
    </message>
    <message>
        <source>projection %1</source>
        <translation>projection %1</translation>
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
        <source>Export weight plot</source>
        <translation>Exporter le graphique des poids</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>Images PNG (*.png)</translation>
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
        <source>Reason code</source>
        <translation>Code du motif</translation>
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
        <source>Settings that produced the verdict</source>
        <translation>Réglages qui ont produit le verdict</translation>
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
    <message>
        <source>The reference verifier&apos;s reason code</source>
        <translation>Le code de motif du vérificateur de référence</translation>
    </message>
    <message>
        <source>Master key</source>
        <translation>Clé maîtresse</translation>
    </message>
    <message numerus="yes">
        <source>%n untrusted memory(ies) (label rank ≥ 3)</source>
        <translation>
            <numerusform>%n mémoire non fiable (rang d’étiquette ≥ 3)</numerusform>
            <numerusform>%n mémoires non fiables (rang d’étiquette ≥ 3)</numerusform>
        </translation>
    </message>
    <message>
        <source>Jump to the primary &amp;reason</source>
        <translation>Aller au &amp;motif principal</translation>
    </message>
</context>
<context>
    <name>WeightHistogram</name>
    <message>
        <source>Click a bar to list only the memories of that weight; click it again to show all</source>
        <translation>Cliquez sur une barre pour ne lister que les mémoires de ce poids&#x202f;; cliquez à nouveau pour tout afficher</translation>
    </message>
    <message>
        <source>current milli-weight</source>
        <translation>milli-poids actuel</translation>
    </message>
    <message>
        <source>memories</source>
        <translation>mémoires</translation>
    </message>
    <message numerus="yes">
        <source>%n moved from the 1000 start</source>
        <translation>
            <numerusform>%n a quitté le départ 1000</numerusform>
            <numerusform>%n ont quitté le départ 1000</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 reweighted · %2 ⚠ untrusted</source>
        <translation>%1 repondérées · %2 ⚠ non fiables</translation>
    </message>
    <message numerus="yes">
        <source>%n memory(ies)</source>
        <translation>
            <numerusform>%n mémoire</numerusform>
            <numerusform>%n mémoires</numerusform>
        </translation>
    </message>
    <message>
        <source>▼ orange: below the 1000 start · ▲ blue: above · bar heights on a log scale</source>
        <translation>▼ orange&#xa0;: en dessous du départ 1000 · ▲ bleu&#xa0;: au-dessus · hauteurs en échelle logarithmique</translation>
    </message>
    <message numerus="yes">
        <source>weight %1–%2: %n memory(ies)
click to show only these</source>
        <translation>
            <numerusform>poids %1–%2&#xa0;: %n mémoire
cliquer pour n’afficher que celles-ci</numerusform>
            <numerusform>poids %1–%2&#xa0;: %n mémoires
cliquer pour n’afficher que celles-ci</numerusform>
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
        <source>No file open.</source>
        <translation>Aucun fichier ouvert.</translation>
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
        <source>Select a memory in the table below to plot its weight.</source>
        <translation>Sélectionnez une mémoire dans le tableau ci-dessous pour tracer son poids.</translation>
    </message>
    <message>
        <source>This bundle carries no weight chains (a %1 bundle).</source>
        <translation>Ce paquet ne porte aucune chaîne de poids (un paquet %1).</translation>
    </message>
    <message>
        <source>content %1</source>
        <translation>contenu %1</translation>
    </message>
    <message numerus="yes">
        <source>weight %1–%2: %n memory(ies)</source>
        <translation>
            <numerusform>poids %1–%2&#xa0;: %n mémoire</numerusform>
            <numerusform>poids %1–%2&#xa0;: %n mémoires</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WindowActions</name>
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
        <source>Open fo&amp;lder (audit every file)…</source>
        <translation>Ouvrir un &amp;dossier (auditer chaque fichier)…</translation>
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
        <source>Check inclusion &amp;proof…</source>
        <translation>Vérifier une &amp;preuve d’inclusion…</translation>
    </message>
    <message>
        <source>&amp;Back to the corpus</source>
        <translation>&amp;Revenir au corpus</translation>
    </message>
    <message>
        <source>P&amp;in a HOM-AIMOS master key…</source>
        <translation>É&amp;pingler une clé maîtresse HOM-AIMOS…</translation>
    </message>
    <message>
        <source>&amp;Unpin the master key</source>
        <translation>&amp;Désépingler la clé maîtresse</translation>
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
        <translation>Afficher le panneau&#xa0;: %1</translation>
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
        <source>Exporting %1…</source>
        <translation>Export de %1…</translation>
    </message>
    <message>
        <source>Report exported to %1</source>
        <translation>Rapport exporté vers %1</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>Impossible d’écrire %1&#xa0;: %2</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exporter</translation>
    </message>
    <message>
        <source>No file</source>
        <translation>Aucun fichier</translation>
    </message>
    <message>
        <source>Open a file first.</source>
        <translation>Ouvrez d’abord un fichier.</translation>
    </message>
    <message>
        <source>Pin a HOM-AIMOS master key</source>
        <translation>Épingler une clé maîtresse HOM-AIMOS</translation>
    </message>
    <message>
        <source>The fingerprint (64 hex digits) of the master key you expect from the bundle&apos;s operator, from a source other than the bundle. The bundle names %1.</source>
        <translation>L’empreinte (64 chiffres hex) de la clé maîtresse que vous attendez de l’opérateur du paquet, obtenue d’une autre source que le paquet. Le paquet nomme %1.</translation>
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
        <translation>Vérifie les fichiers de mémoire d’agent alethech. L’intégrité n’est pas la vérité&#xa0;: une signature valide prouve qui a écrit une mémoire, pas qu’elle est exacte.</translation>
    </message>
</context>
<context>
    <name>WindowLayout</name>
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
        <source>Verdict</source>
        <translation>Verdict</translation>
    </message>
    <message>
        <source>No file open</source>
        <translation>Aucun fichier ouvert</translation>
    </message>
    <message>
        <source>Verification progress</source>
        <translation>Progression de la vérification</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
</context>
</TS>
