<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es_ES">
<context>
    <name>CanonicalBytes</name>
    <message>
        <source>Signable bytes (their SHA-256 is the id)</source>
        <translation>Bytes firmables (su SHA-256 es el id)</translation>
    </message>
    <message>
        <source>Signed bytes (signable + commit_id)</source>
        <translation>Bytes firmados (firmable + commit_id)</translation>
    </message>
    <message>
        <source>Which bytes</source>
        <translation>Qué bytes</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Texto</translation>
    </message>
    <message>
        <source>Hex</source>
        <translation>Hex</translation>
    </message>
    <message>
        <source>Show as</source>
        <translation>Mostrar como</translation>
    </message>
    <message>
        <source>Canonical bytes</source>
        <translation>Bytes canónicos</translation>
    </message>
    <message>
        <source>Copy signable</source>
        <translation>Copiar firmable</translation>
    </message>
    <message>
        <source>Copy signed</source>
        <translation>Copiar firmado</translation>
    </message>
    <message>
        <source>Copy hex</source>
        <translation>Copiar hex</translation>
    </message>
    <message>
        <source>= the stored id ✔</source>
        <translation>= el id almacenado ✔</translation>
    </message>
    <message>
        <source>≠ the stored id ✖</source>
        <translation>≠ el id almacenado ✖</translation>
    </message>
    <message numerus="yes">
        <source>%n byte(s) covered by the signature</source>
        <translation>
            <numerusform>%n byte cubierto por la firma</numerusform>
            <numerusform>%n bytes cubiertos por la firma</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Columns</name>
    <message>
        <source>Severity</source>
        <translation>Gravedad</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Código</translation>
    </message>
    <message>
        <source>Object</source>
        <translation>Objeto</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>Id</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Mensaje</translation>
    </message>
    <message>
        <source>expected: %1</source>
        <translation>esperado: %1</translation>
    </message>
    <message>
        <source>found: %1</source>
        <translation>encontrado: %1</translation>
    </message>
    <message>
        <source>likely cause: %1</source>
        <translation>causa probable: %1</translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>Grafo</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Resumen</translation>
    </message>
    <message>
        <source>Signer</source>
        <translation>Firmante</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Hora</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>Etiqueta</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rango</translation>
    </message>
    <message>
        <source>Signed by</source>
        <translation>Firmado por</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>Confianza</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Evidencia</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Motivo</translation>
    </message>
    <message>
        <source>Position</source>
        <translation>Posición</translation>
    </message>
    <message>
        <source>Receipt</source>
        <translation>Recibo</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>Cabeza</translation>
    </message>
    <message>
        <source>Entries</source>
        <translation>Entradas</translation>
    </message>
    <message>
        <source>Root check</source>
        <translation>Comprobación de raíz</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Memoria</translation>
    </message>
    <message>
        <source>Content</source>
        <translation>Contenido</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>Peso</translation>
    </message>
    <message>
        <source>Trust</source>
        <translation>Confianza</translation>
    </message>
    <message>
        <source>Transitions</source>
        <translation>Transiciones</translation>
    </message>
</context>
<context>
    <name>Crash</name>
    <message>
        <source>Aleth Inspector — unexpected error</source>
        <translation>Aleth Inspector — error inesperado</translation>
    </message>
    <message>
        <source>Something went wrong: %1</source>
        <translation>Algo salió mal: %1</translation>
    </message>
    <message>
        <source>Your files were not changed. Please report this with the details below.</source>
        <translation>Sus archivos no se modificaron. Informe de esto con los detalles de abajo.</translation>
    </message>
</context>
<context>
    <name>DetailView</name>
    <message>
        <source>Status explanation</source>
        <translation>Explicación del estado</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>Campo</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Valor</translation>
    </message>
    <message>
        <source>Object fields</source>
        <translation>Campos del objeto</translation>
    </message>
    <message>
        <source>Fields</source>
        <translation>Campos</translation>
    </message>
    <message>
        <source>Canonical bytes</source>
        <translation>Bytes canónicos</translation>
    </message>
    <message>
        <source>Nothing selected</source>
        <translation>Nada seleccionado</translation>
    </message>
    <message>
        <source>No file open</source>
        <translation>Ningún archivo abierto</translation>
    </message>
    <message>
        <source>Select a commit, finding or era to see why it has its status.</source>
        <translation>Seleccione un commit, hallazgo o era para ver por qué tiene su estado.</translation>
    </message>
    <message>
        <source>object</source>
        <translation>objeto</translation>
    </message>
    <message>
        <source>No status: this object is not verified on its own.</source>
        <translation>Sin estado: este objeto no se verifica por sí solo.</translation>
    </message>
    <message>
        <source>Stored id</source>
        <translation>Id almacenado</translation>
    </message>
    <message>
        <source>Recomputed id</source>
        <translation>Id recalculado</translation>
    </message>
    <message>
        <source>✔ matches the stored id</source>
        <translation>✔ coincide con el id almacenado</translation>
    </message>
    <message>
        <source>✖ differs: %1</source>
        <translation>✖ difiere: %1</translation>
    </message>
    <message>
        <source>Signature</source>
        <translation>Firma</translation>
    </message>
    <message>
        <source>Unsigned fields</source>
        <translation>Campos no firmados</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Problema</translation>
    </message>
    <message>
        <source>revoked by %1… at cutoff %2…</source>
        <translation>revocada por %1… en el corte %2…</translation>
    </message>
    <message>
        <source>active</source>
        <translation>activa</translation>
    </message>
    <message>
        <source>Verifying key</source>
        <translation>Clave de verificación</translation>
    </message>
    <message>
        <source>%1 (%2), fingerprint %3, x = %4</source>
        <translation>%1 (%2), huella %3, x = %4</translation>
    </message>
    <message>
        <source>Key era</source>
        <translation>Era de clave</translation>
    </message>
    <message>
        <source>Named key</source>
        <translation>Clave nombrada</translation>
    </message>
    <message>
        <source>%1 of %2 (no verifying key found)</source>
        <translation>%1 de %2 (no se encontró clave de verificación)</translation>
    </message>
    <message>
        <source>This object has no canonical bytes (it could not be read).</source>
        <translation>Este objeto no tiene bytes canónicos (no se pudo leer).</translation>
    </message>
    <message>
        <source>No canonical form: %1</source>
        <translation>Sin forma canónica: %1</translation>
    </message>
    <message>
        <source>checkpoint check failed</source>
        <translation>comprobación del checkpoint fallida</translation>
    </message>
    <message>
        <source>checkpoint verified</source>
        <translation>checkpoint verificado</translation>
    </message>
    <message>
        <source>checkpoint</source>
        <translation>checkpoint</translation>
    </message>
    <message>
        <source>A checkpoint is a signed statement of the history at one moment: its head commit and how many commits and evidence records existed. Kept outside the file, it lets an auditor detect a rollback or a rewritten history.</source>
        <translation>Un checkpoint es una declaración firmada de la historia en un momento: su commit de cabeza y cuántos commits y registros de evidencia existían. Guardado fuera del archivo, permite a un auditor detectar una vuelta atrás o una historia reescrita.</translation>
    </message>
    <message>
        <source>Its signature verifies and the file&apos;s history continues from its head.</source>
        <translation>Su firma es válida y la historia del archivo continúa desde su cabeza.</translation>
    </message>
    <message>
        <source>Its signature verifies, but the file does not continue the history it describes:</source>
        <translation>Su firma es válida, pero el archivo no continúa la historia que describe:</translation>
    </message>
    <message>
        <source>Its signature does not verify (%1):</source>
        <translation>Su firma no es válida (%1):</translation>
    </message>
    <message>
        <source>Signer</source>
        <translation>Firmante</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>Cabeza</translation>
    </message>
    <message>
        <source>Head in this file</source>
        <translation>Cabeza en este archivo</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>sí</translation>
    </message>
    <message>
        <source>no — missing from the file</source>
        <translation>no: falta en el archivo</translation>
    </message>
    <message>
        <source>Commits</source>
        <translation>Commits</translation>
    </message>
    <message>
        <source>%1 in the checkpoint, %2 in the file</source>
        <translation>%1 en el checkpoint, %2 en el archivo</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Evidencia</translation>
    </message>
    <message>
        <source>Sequence</source>
        <translation>Secuencia</translation>
    </message>
    <message>
        <source>Created at</source>
        <translation>Creado el</translation>
    </message>
    <message>
        <source>Key era %1: %2 (%3)</source>
        <translation>Era de clave %1: %2 (%3)</translation>
    </message>
    <message>
        <source>%1 was revoked by control event %2 (%3) at cutoff %4. Its commits count as valid history only if they are ancestors of that cutoff; anything else it signed is not proven.</source>
        <translation>%1 fue revocada por el evento de control %2 (%3) en el corte %4. Sus commits cuentan como historia válida solo si son ancestros de ese corte; nada más de lo que firmó está probado.</translation>
    </message>
    <message>
        <source>%1 is active: it may sign new commits.</source>
        <translation>%1 está activa: puede firmar commits nuevos.</translation>
    </message>
    <message>
        <source>%1 is active: it may sign new records.</source>
        <translation>%1 está activa: puede firmar registros nuevos.</translation>
    </message>
    <message>
        <source>Fingerprint</source>
        <translation>Huella</translation>
    </message>
    <message>
        <source>Public key (x)</source>
        <translation>Clave pública (x)</translation>
    </message>
    <message>
        <source>Granted by</source>
        <translation>Concedida por</translation>
    </message>
    <message>
        <source>Grant cutoff</source>
        <translation>Corte de concesión</translation>
    </message>
    <message>
        <source>Objects signed</source>
        <translation>Objetos firmados</translation>
    </message>
    <message numerus="yes">
        <source>%n field(s)</source>
        <translation>
            <numerusform>%n campo</numerusform>
            <numerusform>%n campos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n item(s)</source>
        <translation>
            <numerusform>%n elemento</numerusform>
            <numerusform>%n elementos</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>EraTimeline</name>
    <message>
        <source>Key eras timeline</source>
        <translation>Cronología de las eras de clave</translation>
    </message>
    <message>
        <source>One row per key era. Up and Down select an era, Enter selects the era&apos;s cutoff commit.</source>
        <translation>Una fila por era de clave. Arriba y Abajo seleccionan una era; Intro selecciona el commit de corte de la era.</translation>
    </message>
    <message>
        <source>cutoff #%1</source>
        <translation>corte #%1</translation>
    </message>
    <message>
        <source>grant</source>
        <translation>concesión</translation>
    </message>
    <message>
        <source>rotation</source>
        <translation>rotación</translation>
    </message>
    <message>
        <source>revocation</source>
        <translation>revocación</translation>
    </message>
    <message>
        <source>cutoff commit (click to select)</source>
        <translation>commit de corte (clic para seleccionar)</translation>
    </message>
    <message>
        <source>commit not valid</source>
        <translation>commit no válido</translation>
    </message>
    <message>
        <source>dark commit: drawn after its cutoff, from its branch point</source>
        <translation>commit oscuro: dibujado tras su corte, desde su punto de bifurcación</translation>
    </message>
    <message>
        <source>selected commit #%1</source>
        <translation>commit seleccionado #%1</translation>
    </message>
    <message>
        <source>Era %1: %2, %3, %4, from %5 at commit %6 to %7 at commit %8.</source>
        <translation>Era %1: %2, %3, %4, desde %5 en el commit %6 hasta %7 en el commit %8.</translation>
    </message>
    <message>
        <source>&lt;b&gt;cutoff of %1&lt;/b&gt;&lt;br&gt;%2&lt;br&gt;DAG order position %3&lt;br&gt;Click to select this commit.</source>
        <translation>&lt;b&gt;corte de %1&lt;/b&gt;&lt;br&gt;%2&lt;br&gt;posición en el orden del DAG %3&lt;br&gt;Clic para seleccionar este commit.</translation>
    </message>
    <message>
        <source>DAG order position %1</source>
        <translation>posición en el orden del DAG %1</translation>
    </message>
    <message>
        <source>outside the history the cutoff proves: drawn after the cutoff</source>
        <translation>fuera de la historia que prueba el corte: dibujado tras el corte</translation>
    </message>
    <message>
        <source>its branch leaves the proven history at commit #%1</source>
        <translation>su rama sale de la historia probada en el commit #%1</translation>
    </message>
    <message>
        <source>Click to select this commit.</source>
        <translation>Clic para seleccionar este commit.</translation>
    </message>
    <message>
        <source>fingerprint: %1</source>
        <translation>huella: %1</translation>
    </message>
    <message>
        <source>granted by %1: %2</source>
        <translation>concedida por %1: %2</translation>
    </message>
    <message>
        <source>grant cutoff: %1</source>
        <translation>corte de concesión: %1</translation>
    </message>
    <message>
        <source>revoked by: %1 (%2)</source>
        <translation>revocada por: %1 (%2)</translation>
    </message>
    <message>
        <source>no reason</source>
        <translation>sin motivo</translation>
    </message>
    <message>
        <source>cutoff: %1</source>
        <translation>corte: %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>ninguno</translation>
    </message>
    <message>
        <source>also named: %1</source>
        <translation>también llamada: %1</translation>
    </message>
    <message>
        <source>commits signed: %1; timeline #%2–#%3</source>
        <translation>commits firmados: %1; cronología #%2–#%3</translation>
    </message>
    <message numerus="yes">
        <source>%n commit(s) of this key not valid: %1</source>
        <translation>
            <numerusform>%n commit de esta clave no válido: %1</numerusform>
            <numerusform>%n commits de esta clave no válidos: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>No file open</source>
        <translation>Ningún archivo abierto</translation>
    </message>
    <message>
        <source>Nothing to show: the file could not be verified</source>
        <translation>Nada que mostrar: no se pudo verificar el archivo</translation>
    </message>
    <message>
        <source>No key eras in this store</source>
        <translation>No hay eras de clave en este almacén</translation>
    </message>
    <message>
        <source>Key · role</source>
        <translation>Clave · rol</translation>
    </message>
    <message>
        <source>Key · role · fingerprint</source>
        <translation>Clave · rol · huella</translation>
    </message>
    <message numerus="yes">
        <source>commit # in proven DAG order · %n commit(s)</source>
        <translation>
            <numerusform>commit n.º en el orden probado del DAG · %n commit</numerusform>
            <numerusform>commit n.º en el orden probado del DAG · %n commits</numerusform>
        </translation>
    </message>
    <message>
        <source>active</source>
        <translation>activa</translation>
    </message>
    <message>
        <source>rotated out</source>
        <translation>rotada</translation>
    </message>
    <message>
        <source>revoked: %1</source>
        <translation>revocada: %1</translation>
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
            <numerusform>%n no válido</numerusform>
            <numerusform>%n no válidos</numerusform>
        </translation>
    </message>
    <message>
        <source>(no cutoff)</source>
        <translation>(sin corte)</translation>
    </message>
    <message>
        <source>active →</source>
        <translation>activa →</translation>
    </message>
    <message>
        <source>(no cutoff in store)</source>
        <translation>(sin corte en el almacén)</translation>
    </message>
</context>
<context>
    <name>FindingsView</name>
    <message>
        <source>Filter findings by severity</source>
        <translation>Filtrar hallazgos por gravedad</translation>
    </message>
    <message>
        <source>All severities</source>
        <translation>Todas las gravedades</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>Errores</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>Advertencias</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Notas</translation>
    </message>
    <message>
        <source>Search findings…</source>
        <translation>Buscar hallazgos…</translation>
    </message>
    <message>
        <source>Search findings</source>
        <translation>Buscar hallazgos</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>Mostrar:</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>Hallazgos</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 de %2</translation>
    </message>
</context>
<context>
    <name>GraphCanvas</name>
    <message>
        <source>Commit neighbourhood graph</source>
        <translation>Grafo del vecindario del commit</translation>
    </message>
    <message>
        <source>Arrow keys move between commits, Enter or Space selects, plus and minus zoom, 0 fits.</source>
        <translation>Las flechas se mueven entre commits, Intro o Espacio selecciona, más y menos hacen zoom, 0 ajusta.</translation>
    </message>
    <message>
        <source>no status</source>
        <translation>sin estado</translation>
    </message>
    <message>
        <source>Current commit %1, %2, era %3. Arrow keys move, Enter selects.</source>
        <translation>Commit actual %1, %2, era %3. Las flechas mueven, Intro selecciona.</translation>
    </message>
</context>
<context>
    <name>GraphView</name>
    <message>
        <source>no status</source>
        <translation>sin estado</translation>
    </message>
    <message>
        <source>status: %1</source>
        <translation>estado: %1</translation>
    </message>
    <message>
        <source>era: %1</source>
        <translation>era: %1</translation>
    </message>
    <message>
        <source>memory type: %1</source>
        <translation>tipo de memoria: %1</translation>
    </message>
    <message>
        <source>timestamp: %1</source>
        <translation>marca de tiempo: %1</translation>
    </message>
    <message>
        <source>DAG order position: %1</source>
        <translation>posición en el orden del DAG: %1</translation>
    </message>
    <message>
        <source>merge commit</source>
        <translation>commit de fusión</translation>
    </message>
    <message>
        <source>cutoff commit of %1</source>
        <translation>commit de corte de %1</translation>
    </message>
    <message>
        <source>parents beyond this neighbourhood: %1</source>
        <translation>padres fuera de este vecindario: %1</translation>
    </message>
    <message>
        <source>children beyond this neighbourhood: %1</source>
        <translation>hijos fuera de este vecindario: %1</translation>
    </message>
    <message>
        <source>merge</source>
        <translation>fusión</translation>
    </message>
    <message>
        <source>cutoff of %1</source>
        <translation>corte de %1</translation>
    </message>
    <message>
        <source>&amp;Generations:</source>
        <translation>&amp;Generaciones:</translation>
    </message>
    <message>
        <source>Generations</source>
        <translation>Generaciones</translation>
    </message>
    <message>
        <source>How many parent/child steps around the commit to show</source>
        <translation>Cuántos pasos de padre/hijo mostrar alrededor del commit</translation>
    </message>
    <message>
        <source>Parent/child steps shown around the commit (1–10)</source>
        <translation>Pasos de padre/hijo mostrados alrededor del commit (1–10)</translation>
    </message>
    <message>
        <source>&amp;Fit</source>
        <translation>&amp;Ajustar</translation>
    </message>
    <message>
        <source>Fit graph to view</source>
        <translation>Ajustar el grafo a la vista</translation>
    </message>
    <message>
        <source>Fit the whole neighbourhood into the view (0)</source>
        <translation>Ajustar todo el vecindario a la vista (0)</translation>
    </message>
    <message>
        <source>Era c&amp;utoff:</source>
        <translation>C&amp;orte de era:</translation>
    </message>
    <message>
        <source>Era cutoff</source>
        <translation>Corte de era</translation>
    </message>
    <message>
        <source>Eras whose revocation or rotation names a cutoff commit</source>
        <translation>Eras cuya revocación o rotación nombra un commit de corte</translation>
    </message>
    <message>
        <source>Around &amp;cutoff…</source>
        <translation>Alrededor del &amp;corte…</translation>
    </message>
    <message>
        <source>Show commits around the era&apos;s cutoff</source>
        <translation>Mostrar los commits alrededor del corte de la era</translation>
    </message>
    <message>
        <source>Show the commits around the cutoff of the era chosen on the left</source>
        <translation>Mostrar los commits alrededor del corte de la era elegida a la izquierda</translation>
    </message>
    <message>
        <source>&amp;Export GraphML…</source>
        <translation>&amp;Exportar GraphML…</translation>
    </message>
    <message>
        <source>Export commit graph as GraphML</source>
        <translation>Exportar el grafo de commits como GraphML</translation>
    </message>
    <message>
        <source>Write the whole commit DAG to a GraphML file</source>
        <translation>Escribir todo el DAG de commits en un archivo GraphML</translation>
    </message>
    <message>
        <source>Graph caption</source>
        <translation>Leyenda del grafo</translation>
    </message>
    <message>
        <source>%1 (era %2) — %3</source>
        <translation>%1 (era %2) — %3</translation>
    </message>
    <message>
        <source>revoked</source>
        <translation>revocada</translation>
    </message>
    <message>
        <source>no era has a cutoff</source>
        <translation>ninguna era tiene corte</translation>
    </message>
    <message>
        <source>Export GraphML</source>
        <translation>Exportar GraphML</translation>
    </message>
    <message>
        <source>GraphML files (*.graphml);;All files (*)</source>
        <translation>Archivos GraphML (*.graphml);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Could not write %1:
%2</source>
        <translation>No se pudo escribir %1:
%2</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n commit(s) to %1</source>
        <translation>
            <numerusform>%n commit exportado a %1</numerusform>
            <numerusform>%n commits exportados a %1</numerusform>
        </translation>
    </message>
    <message>
        <source>No file open.</source>
        <translation>Ningún archivo abierto.</translation>
    </message>
    <message>
        <source>No file open</source>
        <translation>Ningún archivo abierto</translation>
    </message>
    <message numerus="yes">
        <source>%n commit(s). Select a commit to see its neighbourhood.</source>
        <translation>
            <numerusform>%n commit. Seleccione un commit para ver su vecindario.</numerusform>
            <numerusform>%n commits. Seleccione un commit para ver su vecindario.</numerusform>
        </translation>
    </message>
    <message>
        <source>Select a commit to see its neighbourhood</source>
        <translation>Seleccione un commit para ver su vecindario</translation>
    </message>
    <message>
        <source>%1 is not a commit of this store.</source>
        <translation>%1 no es un commit de este almacén.</translation>
    </message>
    <message>
        <source>Commit not in the store</source>
        <translation>El commit no está en el almacén</translation>
    </message>
    <message>
        <source>no era</source>
        <translation>sin era</translation>
    </message>
    <message>
        <source>Around the cutoff of %1 (era %2): %3</source>
        <translation>Alrededor del corte de %1 (era %2): %3</translation>
    </message>
    <message>
        <source>Neighbourhood of %1</source>
        <translation>Vecindario de %1</translation>
    </message>
    <message numerus="yes">
        <source>%n generation(s)</source>
        <translation>
            <numerusform>%n generación</numerusform>
            <numerusform>%n generaciones</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n commit(s) in %1 columns (parents left, children right)</source>
        <translation>
            <numerusform>%n commit en %1 columnas (padres a la izquierda, hijos a la derecha)</numerusform>
            <numerusform>%n commits en %1 columnas (padres a la izquierda, hijos a la derecha)</numerusform>
        </translation>
    </message>
    <message>
        <source>green: inside the proven history</source>
        <translation>verde: dentro de la historia probada</translation>
    </message>
</context>
<context>
    <name>History</name>
    <message>
        <source>weight</source>
        <translation>peso</translation>
    </message>
    <message>
        <source>label</source>
        <translation>etiqueta</translation>
    </message>
    <message>
        <source>(revoked)</source>
        <translation>(revocada)</translation>
    </message>
    <message>
        <source>(unreadable)</source>
        <translation>(ilegible)</translation>
    </message>
    <message>
        <source>checkpoint head</source>
        <translation>cabeza del checkpoint</translation>
    </message>
    <message>
        <source>label %1 (rank %2): untrusted</source>
        <translation>etiqueta %1 (rango %2): no fiable</translation>
    </message>
    <message>
        <source>the head of the attached checkpoint</source>
        <translation>la cabeza del checkpoint adjunto</translation>
    </message>
    <message>
        <source>inside the shaded proven history</source>
        <translation>dentro de la historia probada sombreada</translation>
    </message>
</context>
<context>
    <name>HistoryView</name>
    <message>
        <source>Search id or content…  (Ctrl+F)</source>
        <translation>Buscar id o contenido…  (Ctrl+F)</translation>
    </message>
    <message>
        <source>Search history</source>
        <translation>Buscar en la historia</translation>
    </message>
    <message>
        <source>Filter by status</source>
        <translation>Filtrar por estado</translation>
    </message>
    <message>
        <source>Filter by era</source>
        <translation>Filtrar por era</translation>
    </message>
    <message>
        <source>Filter by memory type</source>
        <translation>Filtrar por tipo de memoria</translation>
    </message>
    <message>
        <source>Status:</source>
        <translation>Estado:</translation>
    </message>
    <message>
        <source>Era:</source>
        <translation>Era:</translation>
    </message>
    <message>
        <source>Type:</source>
        <translation>Tipo:</translation>
    </message>
    <message>
        <source>Proven region</source>
        <translation>Región probada</translation>
    </message>
    <message>
        <source>Clear shading</source>
        <translation>Quitar sombreado</translation>
    </message>
    <message>
        <source>Commit history</source>
        <translation>Historia de commits</translation>
    </message>
    <message>
        <source>All</source>
        <translation>Todos</translation>
    </message>
    <message>
        <source>Problems only</source>
        <translation>Solo problemas</translation>
    </message>
    <message numerus="yes">
        <source>untrusted (%n)</source>
        <translation>
            <numerusform>no fiables (%n)</numerusform>
            <numerusform>no fiables (%n)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 de %2</translation>
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
        <translation>Un recibo prueba qué se reveló y en qué orden, no que no existiera nada más ni que no se ocultara nada.</translation>
    </message>
    <message>
        <source>This file carries no MutMem labels or recall receipts.</source>
        <translation>Este archivo no lleva etiquetas MutMem ni recibos de recuperación.</translation>
    </message>
    <message>
        <source>no label</source>
        <translation>sin etiqueta</translation>
    </message>
    <message>
        <source>untrusted</source>
        <translation>no fiable</translation>
    </message>
    <message>
        <source>No file open.</source>
        <translation>Ningún archivo abierto.</translation>
    </message>
    <message>
        <source>Label chain</source>
        <translation>Cadena de etiquetas</translation>
    </message>
    <message>
        <source>Labelled memories:</source>
        <translation>Memorias etiquetadas:</translation>
    </message>
    <message>
        <source>Memories that carry at least one label record</source>
        <translation>Memorias que llevan al menos un registro de etiqueta</translation>
    </message>
    <message>
        <source>Recall receipts</source>
        <translation>Recibos de recuperación</translation>
    </message>
    <message>
        <source>Select a receipt to see what it disclosed.</source>
        <translation>Seleccione un recibo para ver qué reveló.</translation>
    </message>
    <message>
        <source>Export inclusion proof…</source>
        <translation>Exportar prueba de inclusión…</translation>
    </message>
    <message>
        <source>Save an RFC 6962 inclusion proof of the selected entry as JSON</source>
        <translation>Guardar como JSON una prueba de inclusión RFC 6962 de la entrada seleccionada</translation>
    </message>
    <message>
        <source>this receipt has no root: there is nothing to prove inclusion under</source>
        <translation>este recibo no tiene raíz: no hay nada bajo lo que probar la inclusión</translation>
    </message>
    <message>
        <source>Export inclusion proof</source>
        <translation>Exportar prueba de inclusión</translation>
    </message>
    <message>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>Archivos JSON (*.json);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Saved %1: entry %2 of %3 is included under root %4…</source>
        <translation>Se guardó %1: la entrada %2 de %3 está incluida bajo la raíz %4…</translation>
    </message>
    <message>
        <source>Saved %1, but the proof does not check</source>
        <translation>Se guardó %1, pero la prueba no se verifica</translation>
    </message>
    <message>
        <source>Select a memory to see its label chain.</source>
        <translation>Seleccione una memoria para ver su cadena de etiquetas.</translation>
    </message>
    <message>
        <source>trusted</source>
        <translation>fiable</translation>
    </message>
    <message>
        <source>Memory %1 — “%2”</source>
        <translation>Memoria %1 — «%2»</translation>
    </message>
    <message>
        <source>Now: %1 (%2) · weight %3 · </source>
        <translation>Ahora: %1 (%2) · peso %3 · </translation>
    </message>
    <message numerus="yes">
        <source>%n label record(s), none ever deleted</source>
        <translation>
            <numerusform>%n registro de etiqueta, ninguno borrado nunca</numerusform>
            <numerusform>%n registros de etiqueta, ninguno borrado nunca</numerusform>
        </translation>
    </message>
    <message>
        <source>Chain:</source>
        <translation>Cadena:</translation>
    </message>
    <message>
        <source>No label records: the label is null (ranks like &lt;i&gt;unverified&lt;/i&gt;, trusted).</source>
        <translation>Sin registros de etiqueta: la etiqueta es nula (cuenta como &lt;i&gt;unverified&lt;/i&gt;, fiable).</translation>
    </message>
    <message>
        <source>label record %1</source>
        <translation>registro de etiqueta %1</translation>
    </message>
    <message>
        <source>restriction rank: supported/poison_refuted 0, unverified 1, disputed 2, poison_suspect 3, poison_likely 4, poison_confirmed 5; rank ≥ 3 is untrusted</source>
        <translation>rango de restricción: supported/poison_refuted 0, unverified 1, disputed 2, poison_suspect 3, poison_likely 4, poison_confirmed 5; un rango ≥ 3 no es fiable</translation>
    </message>
    <message>
        <source>no evidence cited</source>
        <translation>ninguna evidencia citada</translation>
    </message>
    <message>
        <source>index %1 in DAG order</source>
        <translation>índice %1 en el orden del DAG</translation>
    </message>
    <message>
        <source>root recomputes</source>
        <translation>la raíz se recalcula</translation>
    </message>
    <message>
        <source>root mismatch</source>
        <translation>la raíz no coincide</translation>
    </message>
    <message>
        <source>valid</source>
        <translation>válido</translation>
    </message>
    <message>
        <source>invalid (%1)</source>
        <translation>no válido (%1)</translation>
    </message>
    <message>
        <source>stated root %1
recomputed root %2</source>
        <translation>raíz declarada %1
raíz recalculada %2</translation>
    </message>
    <message>
        <source>all receipt checks pass</source>
        <translation>todas las comprobaciones del recibo pasan</translation>
    </message>
    <message>
        <source>evidence record status %1</source>
        <translation>estado del registro de evidencia %1</translation>
    </message>
    <message>
        <source>This file has no recall receipts.</source>
        <translation>Este archivo no tiene recibos de recuperación.</translation>
    </message>
    <message>
        <source>Receipt %1: %2 of k = %3 disclosed at head %4 · query %5 · root %6</source>
        <translation>Recibo %1: %2 de k = %3 revelados en la cabeza %4 · consulta %5 · raíz %6</translation>
    </message>
    <message>
        <source>Could not export the proof: %1</source>
        <translation>No se pudo exportar la prueba: %1</translation>
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
        <translation>Vistas</translation>
    </message>
    <message>
        <source>&amp;Overview</source>
        <translation>&amp;Resumen</translation>
    </message>
    <message>
        <source>&amp;History</source>
        <translation>&amp;Historia</translation>
    </message>
    <message>
        <source>&amp;Graph</source>
        <translation>&amp;Grafo</translation>
    </message>
    <message>
        <source>&amp;Weights</source>
        <translation>&amp;Pesos</translation>
    </message>
    <message>
        <source>&amp;Labels &amp;&amp; receipts</source>
        <translation>&amp;Etiquetas y recibos</translation>
    </message>
    <message>
        <source>Banner</source>
        <translation>Aviso</translation>
    </message>
    <message>
        <source>Open a sealed .aleth file or a store directory
(File → Open, Ctrl+O, or drop it here).</source>
        <translation>Abra un archivo sellado .aleth o un directorio de almacén
(Archivo → Abrir, Ctrl+O, o suéltelo aquí).</translation>
    </message>
    <message>
        <source>Key eras</source>
        <translation>Eras de clave</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>Hallazgos</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Detalle</translation>
    </message>
    <message>
        <source>No file open</source>
        <translation>Ningún archivo abierto</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Veredicto</translation>
    </message>
    <message>
        <source>Verification progress</source>
        <translation>Progreso de la verificación</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Archivo</translation>
    </message>
    <message>
        <source>&amp;Open file…</source>
        <translation>&amp;Abrir archivo…</translation>
    </message>
    <message>
        <source>Open &amp;directory store…</source>
        <translation>Abrir almacén de &amp;directorio…</translation>
    </message>
    <message>
        <source>&amp;Recent files</source>
        <translation>Archivos &amp;recientes</translation>
    </message>
    <message>
        <source>&amp;Reload</source>
        <translation>&amp;Recargar</translation>
    </message>
    <message>
        <source>Attach &amp;checkpoint…</source>
        <translation>Adjuntar &amp;checkpoint…</translation>
    </message>
    <message>
        <source>Detac&amp;h checkpoint</source>
        <translation>&amp;Quitar el checkpoint</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Cerrar</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>&amp;Exportar</translation>
    </message>
    <message>
        <source>Report as &amp;JSON…</source>
        <translation>Informe como &amp;JSON…</translation>
    </message>
    <message>
        <source>Report as &amp;HTML…</source>
        <translation>Informe como &amp;HTML…</translation>
    </message>
    <message>
        <source>Report as &amp;PDF…</source>
        <translation>Informe como &amp;PDF…</translation>
    </message>
    <message>
        <source>DAG as &amp;GraphML…</source>
        <translation>DAG como &amp;GraphML…</translation>
    </message>
    <message>
        <source>Weights plot as P&amp;NG…</source>
        <translation>Gráfico de pesos como P&amp;NG…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Salir</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ver</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>Resumen</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Historia</translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>Grafo</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Pesos</translation>
    </message>
    <message>
        <source>Labels and receipts</source>
        <translation>Etiquetas y recibos</translation>
    </message>
    <message>
        <source>Show pane: %1</source>
        <translation>Mostrar panel: %1</translation>
    </message>
    <message>
        <source>&amp;Reset layout</source>
        <translation>&amp;Restablecer la disposición</translation>
    </message>
    <message>
        <source>&amp;Find in history</source>
        <translation>&amp;Buscar en la historia</translation>
    </message>
    <message>
        <source>Next &amp;problem</source>
        <translation>Siguiente &amp;problema</translation>
    </message>
    <message>
        <source>Jump to first &amp;error</source>
        <translation>Ir al primer &amp;error</translation>
    </message>
    <message>
        <source>Show &amp;errors only</source>
        <translation>Mostrar solo &amp;errores</translation>
    </message>
    <message>
        <source>&amp;Author</source>
        <translation>&amp;Modificar</translation>
    </message>
    <message>
        <source>&amp;Rotate key…</source>
        <translation>&amp;Rotar clave…</translation>
    </message>
    <message>
        <source>Re&amp;voke key…</source>
        <translation>Re&amp;vocar clave…</translation>
    </message>
    <message>
        <source>&amp;Grant role key…</source>
        <translation>&amp;Conceder clave de rol…</translation>
    </message>
    <message>
        <source>&amp;Migrate v0.1 store…</source>
        <translation>&amp;Migrar almacén v0.1…</translation>
    </message>
    <message>
        <source>Re-&amp;key (new passphrase)…</source>
        <translation>Cambiar &amp;clave (nueva frase de contraseña)…</translation>
    </message>
    <message>
        <source>Re&amp;cover with recovery code…</source>
        <translation>Re&amp;cuperar con el código de recuperación…</translation>
    </message>
    <message>
        <source>Add &amp;label…</source>
        <translation>Añadir &amp;etiqueta…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>A&amp;yuda</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Atajos de teclado</translation>
    </message>
    <message>
        <source>&amp;About</source>
        <translation>&amp;Acerca de</translation>
    </message>
    <message>
        <source>Open .aleth file</source>
        <translation>Abrir archivo .aleth</translation>
    </message>
    <message>
        <source>Aleth files (*.aleth);;All files (*)</source>
        <translation>Archivos Aleth (*.aleth);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Open alethech store directory</source>
        <translation>Abrir directorio de almacén alethech</translation>
    </message>
    <message>
        <source>Not found</source>
        <translation>No encontrado</translation>
    </message>
    <message>
        <source>%1 does not exist.</source>
        <translation>%1 no existe.</translation>
    </message>
    <message>
        <source>unlocking…</source>
        <translation>desbloqueando…</translation>
    </message>
    <message>
        <source>reading…</source>
        <translation>leyendo…</translation>
    </message>
    <message>
        <source>Attach checkpoint</source>
        <translation>Adjuntar checkpoint</translation>
    </message>
    <message>
        <source>Checkpoint JSON (*.json);;All files (*)</source>
        <translation>Checkpoint JSON (*.json);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>No file</source>
        <translation>Ningún archivo</translation>
    </message>
    <message>
        <source>Open a file first, then attach its checkpoint.</source>
        <translation>Abra primero un archivo y luego adjunte su checkpoint.</translation>
    </message>
    <message>
        <source>Could not read %1: %2</source>
        <translation>No se pudo leer %1: %2</translation>
    </message>
    <message>
        <source>unlocking</source>
        <translation>desbloqueando</translation>
    </message>
    <message>
        <source>reading</source>
        <translation>leyendo</translation>
    </message>
    <message>
        <source>laying out history</source>
        <translation>maquetando la historia</translation>
    </message>
    <message>
        <source>Aleth Inspector — %1</source>
        <translation>Aleth Inspector — %1</translation>
    </message>
    <message>
        <source>Wrong passphrase or recovery code — try again.</source>
        <translation>Frase de contraseña o código de recuperación incorrectos: inténtelo de nuevo.</translation>
    </message>
    <message>
        <source>Could not decrypt: wrong passphrase, or the file was modified.</source>
        <translation>No se pudo descifrar: frase de contraseña incorrecta, o el archivo fue modificado.</translation>
    </message>
    <message>
        <source>Aleth Inspector — %1 (internal error)</source>
        <translation>Aleth Inspector — %1 (error interno)</translation>
    </message>
    <message>
        <source>Aleth Inspector — %1 (unopenable)</source>
        <translation>Aleth Inspector — %1 (no se puede abrir)</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>cancelado</translation>
    </message>
    <message numerus="yes">
        <source>Shaded: the proven history of %1 — the %n commit(s) up to its cutoff %2</source>
        <translation>
            <numerusform>Sombreado: la historia probada de %1, el %n commit hasta su corte %2</numerusform>
            <numerusform>Sombreado: la historia probada de %1, los %n commits hasta su corte %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Clear recent files</source>
        <translation>Borrar archivos recientes</translation>
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
        <translation>Exportar el informe como %1</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportar</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>No se pudo escribir %1: %2</translation>
    </message>
    <message>
        <source>Open a file first.</source>
        <translation>Abra primero un archivo.</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Atajos de teclado</translation>
    </message>
    <message>
        <source>About Aleth Inspector</source>
        <translation>Acerca de Aleth Inspector</translation>
    </message>
    <message>
        <source>Verifies alethech agent-memory files. Integrity is not truth: a valid signature proves who wrote a memory, not that it is correct.</source>
        <translation>Verifica archivos de memoria de agentes alethech. La integridad no es la verdad: una firma válida prueba quién escribió una memoria, no que sea correcta.</translation>
    </message>
</context>
<context>
    <name>MemoryTableModel</name>
    <message>
        <source>current milli-weight at HEAD (▲ above, ▼ below the 1000 start)</source>
        <translation>milipeso actual en HEAD (▲ por encima, ▼ por debajo del inicio 1000)</translation>
    </message>
    <message>
        <source>a memory whose label ranks 3 or more is untrusted</source>
        <translation>una memoria cuya etiqueta tiene rango 3 o más no es fiable</translation>
    </message>
    <message>
        <source>number of weight transitions</source>
        <translation>número de transiciones de peso</translation>
    </message>
    <message>
        <source>untrusted</source>
        <translation>no fiable</translation>
    </message>
    <message numerus="yes">
        <source>%n label record(s); the chain is in the Labels view</source>
        <translation>
            <numerusform>%n registro de etiqueta; la cadena está en la vista Etiquetas</numerusform>
            <numerusform>%n registros de etiqueta; la cadena está en la vista Etiquetas</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>OverviewView</name>
    <message>
        <source>Integrity is not truth: a valid signature proves who wrote a memory and that it is unchanged, not that what it says is correct.</source>
        <translation>La integridad no es la verdad: una firma válida prueba quién escribió una memoria y que no ha cambiado, no que lo que dice sea correcto.</translation>
    </message>
    <message>
        <source>A receipt shows what was disclosed, not what was withheld.</source>
        <translation>Un recibo muestra lo que se reveló, no lo que se ocultó.</translation>
    </message>
    <message>
        <source>Without an external checkpoint, rollback cannot be detected: an older complete copy of the file verifies just as well.</source>
        <translation>Sin un checkpoint externo no se puede detectar una vuelta atrás: una copia completa más antigua del archivo se verifica igual de bien.</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>Resumen</translation>
    </message>
    <message>
        <source>Why the file could not be opened</source>
        <translation>Por qué no se pudo abrir el archivo</translation>
    </message>
    <message>
        <source>Try another passphrase / recovery code…</source>
        <translation>Probar otra frase de contraseña / código de recuperación…</translation>
    </message>
    <message>
        <source>The inspector stopped with an unexpected error. This is a bug in the inspector, not a verdict on the file: the file was not changed. Please copy the crash report below into a bug report.</source>
        <translation>El inspector se detuvo con un error inesperado. Es un fallo del inspector, no un veredicto sobre el archivo: el archivo no se modificó. Copie el informe del fallo de abajo en un informe de error.</translation>
    </message>
    <message>
        <source>Crash report</source>
        <translation>Informe del fallo</translation>
    </message>
    <message>
        <source>&amp;Copy crash report</source>
        <translation>&amp;Copiar el informe del fallo</translation>
    </message>
    <message>
        <source>No file open.</source>
        <translation>Ningún archivo abierto.</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Archivo</translation>
    </message>
    <message>
        <source>SHA-256</source>
        <translation>SHA-256</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Tamaño</translation>
    </message>
    <message numerus="yes">
        <source>%n byte(s)</source>
        <translation>
            <numerusform>%n byte</numerusform>
            <numerusform>%n bytes</numerusform>
        </translation>
    </message>
    <message>
        <source>unlocked with the passphrase</source>
        <translation>desbloqueado con la frase de contraseña</translation>
    </message>
    <message>
        <source>unlocked with the recovery code</source>
        <translation>desbloqueado con el código de recuperación</translation>
    </message>
    <message>
        <source>not sealed (directory store)</source>
        <translation>sin sellar (almacén de directorio)</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>Formato</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>Agente</translation>
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
            <numerusform>%n registro de evidencia</numerusform>
            <numerusform>%n registros de evidencia</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n MutMem record(s)</source>
        <translation>
            <numerusform>%n registro MutMem</numerusform>
            <numerusform>%n registros MutMem</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n recall receipt(s)</source>
        <translation>
            <numerusform>%n recibo de recuperación</numerusform>
            <numerusform>%n recibos de recuperación</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n memory(ies) with MutMem state</source>
        <translation>
            <numerusform>%n memoria con estado MutMem</numerusform>
            <numerusform>%n memorias con estado MutMem</numerusform>
        </translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>Contenido</translation>
    </message>
    <message>
        <source>Checkpoint</source>
        <translation>Checkpoint</translation>
    </message>
    <message>
        <source>Untrusted</source>
        <translation>No fiables</translation>
    </message>
    <message numerus="yes">
        <source>%n memory(ies) labelled poison_suspect or worse</source>
        <translation>
            <numerusform>%n memoria etiquetada poison_suspect o peor</numerusform>
            <numerusform>%n memorias etiquetadas poison_suspect o peor</numerusform>
        </translation>
    </message>
    <message>
        <source>Key eras</source>
        <translation>Eras de clave</translation>
    </message>
    <message>
        <source>active</source>
        <translation>activa</translation>
    </message>
    <message>
        <source>rotated out at cutoff %1</source>
        <translation>rotada en el corte %1</translation>
    </message>
    <message>
        <source>revoked (%1) at cutoff %2</source>
        <translation>revocada (%1) en el corte %2</translation>
    </message>
    <message>
        <source>No key eras (no identity could be read).</source>
        <translation>Ninguna era de clave (no se pudo leer ninguna identidad).</translation>
    </message>
    <message>
        <source>Problems, by what they mean</source>
        <translation>Problemas, según lo que significan</translation>
    </message>
    <message>
        <source>No findings.</source>
        <translation>Ningún hallazgo.</translation>
    </message>
    <message numerus="yes">
        <source>%n finding(s)</source>
        <translation>
            <numerusform>%n hallazgo</numerusform>
            <numerusform>%n hallazgos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more (see Findings)</source>
        <translation>
            <numerusform>… y %n más (véase Hallazgos)</numerusform>
            <numerusform>… y %n más (véase Hallazgos)</numerusform>
        </translation>
    </message>
    <message>
        <source>What a verdict does not prove</source>
        <translation>Lo que un veredicto no prueba</translation>
    </message>
    <message>
        <source>This file could not be opened</source>
        <translation>No se pudo abrir este archivo</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Código</translation>
    </message>
    <message>
        <source>Meaning</source>
        <translation>Significado</translation>
    </message>
    <message>
        <source>Expected</source>
        <translation>Esperado</translation>
    </message>
    <message>
        <source>Found</source>
        <translation>Encontrado</translation>
    </message>
    <message>
        <source>Likely cause</source>
        <translation>Causa probable</translation>
    </message>
    <message>
        <source>What to do</source>
        <translation>Qué hacer</translation>
    </message>
    <message>
        <source>Nothing was changed. Try another passphrase, or the recovery code (aleth-recovery-v1:…).</source>
        <translation>No se cambió nada. Pruebe otra frase de contraseña o el código de recuperación (aleth-recovery-v1:…).</translation>
    </message>
    <message>
        <source>Nothing was changed. If you expected this file to open, compare its SHA-256 with a copy you trust; a damaged or truncated file cannot be verified.</source>
        <translation>No se cambió nada. Si esperaba que este archivo se abriera, compare su SHA-256 con una copia de confianza; un archivo dañado o truncado no se puede verificar.</translation>
    </message>
    <message>
        <source>Copied ✔</source>
        <translation>Copiado ✔</translation>
    </message>
</context>
<context>
    <name>Severity</name>
    <message>
        <source>Error</source>
        <translation>Error</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>Advertencia</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Nota</translation>
    </message>
</context>
<context>
    <name>Status</name>
    <message>
        <source>✔ valid</source>
        <translation>✔ válido</translation>
    </message>
    <message>
        <source>✔ historical</source>
        <translation>✔ histórico</translation>
    </message>
    <message>
        <source>✖ dark (unproven)</source>
        <translation>✖ oscuro (sin probar)</translation>
    </message>
    <message>
        <source>✖ digest mismatch</source>
        <translation>✖ resumen distinto</translation>
    </message>
    <message>
        <source>✖ bad signature</source>
        <translation>✖ firma incorrecta</translation>
    </message>
    <message>
        <source>✖ missing parent</source>
        <translation>✖ falta un padre</translation>
    </message>
    <message>
        <source>✖ unknown key</source>
        <translation>✖ clave desconocida</translation>
    </message>
    <message>
        <source>✖ unknown identity</source>
        <translation>✖ identidad desconocida</translation>
    </message>
    <message>
        <source>✖ malformed</source>
        <translation>✖ mal formado</translation>
    </message>
</context>
<context>
    <name>Summary</name>
    <message>
        <source>PASS</source>
        <translation>CORRECTO</translation>
    </message>
    <message>
        <source>FAIL</source>
        <translation>FALLA</translation>
    </message>
    <message>
        <source>UNOPENABLE</source>
        <translation>NO SE PUEDE ABRIR</translation>
    </message>
    <message>
        <source>INDETERMINATE</source>
        <translation>INDETERMINADO</translation>
    </message>
    <message>
        <source>ERROR</source>
        <translation>ERROR</translation>
    </message>
    <message>
        <source>INTERRUPTED</source>
        <translation>INTERRUMPIDO</translation>
    </message>
    <message numerus="yes">
        <source>%n commit(s) signed by %1 after it was rotated out</source>
        <translation>
            <numerusform>%n commit firmado por %1 después de ser rotada</numerusform>
            <numerusform>%n commits firmados por %1 después de ser rotada</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n commit(s) signed by %1 after it was revoked</source>
        <translation>
            <numerusform>%n commit firmado por %1 después de ser revocada</numerusform>
            <numerusform>%n commits firmados por %1 después de ser revocada</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n commit(s) outside the history a revoked key may speak for</source>
        <translation>
            <numerusform>%n commit fuera de la historia por la que puede hablar una clave revocada</numerusform>
            <numerusform>%n commits fuera de la historia por la que puede hablar una clave revocada</numerusform>
        </translation>
    </message>
    <message>
        <source>The file does not continue the history the checkpoint saw: %1</source>
        <translation>El archivo no continúa la historia que vio el checkpoint: %1</translation>
    </message>
    <message numerus="yes">
        <source>(and %n more error(s))</source>
        <translation>
            <numerusform>(y %n error más)</numerusform>
            <numerusform>(y %n errores más)</numerusform>
        </translation>
    </message>
    <message>
        <source>Every id, signature and link checks; every key era holds.</source>
        <translation>Todos los id, firmas y enlaces se comprueban; todas las eras de clave se sostienen.</translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s) to read.</source>
        <translation>
            <numerusform>%n advertencia que leer.</numerusform>
            <numerusform>%n advertencias que leer.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n error</numerusform>
            <numerusform>%n errores</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n advertencia</numerusform>
            <numerusform>%n advertencias</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n note(s)</source>
        <translation>
            <numerusform>%n nota</numerusform>
            <numerusform>%n notas</numerusform>
        </translation>
    </message>
    <message>
        <source>Checkpoint verified</source>
        <translation>Checkpoint verificado</translation>
    </message>
    <message>
        <source>(head %1)</source>
        <translation>(cabeza %1)</translation>
    </message>
    <message>
        <source>Checkpoint failed: this is not the history the checkpoint saw</source>
        <translation>Checkpoint fallido: esta no es la historia que vio el checkpoint</translation>
    </message>
    <message>
        <source>No checkpoint — rollback not detectable</source>
        <translation>Sin checkpoint: la vuelta atrás no es detectable</translation>
    </message>
</context>
<context>
    <name>UnlockDialog</name>
    <message>
        <source>Unlock file</source>
        <translation>Desbloquear archivo</translation>
    </message>
    <message>
        <source>%1 is sealed. Enter its passphrase, or its recovery code.</source>
        <translation>%1 está sellado. Introduzca su frase de contraseña o su código de recuperación.</translation>
    </message>
    <message>
        <source>&amp;Passphrase</source>
        <translation>&amp;Frase de contraseña</translation>
    </message>
    <message>
        <source>&amp;Recovery code</source>
        <translation>Código de &amp;recuperación</translation>
    </message>
    <message>
        <source>Passphrase or recovery code</source>
        <translation>Frase de contraseña o código de recuperación</translation>
    </message>
    <message>
        <source>passphrase</source>
        <translation>frase de contraseña</translation>
    </message>
    <message>
        <source>&amp;Show</source>
        <translation>&amp;Mostrar</translation>
    </message>
    <message>
        <source>Show the passphrase or recovery code</source>
        <translation>Mostrar la frase de contraseña o el código de recuperación</translation>
    </message>
    <message>
        <source>Caps Lock is on</source>
        <translation>Bloq Mayús está activado</translation>
    </message>
    <message>
        <source>Caps Lock warning</source>
        <translation>Aviso de Bloq Mayús</translation>
    </message>
    <message>
        <source>Unlock error</source>
        <translation>Error de desbloqueo</translation>
    </message>
    <message>
        <source>Deriving key</source>
        <translation>Derivando la clave</translation>
    </message>
    <message>
        <source>Deriving the key (scrypt) and verifying…</source>
        <translation>Derivando la clave (scrypt) y verificando…</translation>
    </message>
    <message>
        <source>Enter a passphrase or recovery code.</source>
        <translation>Introduzca una frase de contraseña o un código de recuperación.</translation>
    </message>
</context>
<context>
    <name>VerdictBanner</name>
    <message>
        <source>Verdict</source>
        <translation>Veredicto</translation>
    </message>
    <message>
        <source>Verdict word</source>
        <translation>Palabra del veredicto</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Motivo</translation>
    </message>
    <message>
        <source>Findings by severity</source>
        <translation>Hallazgos por gravedad</translation>
    </message>
    <message>
        <source>Checkpoint state</source>
        <translation>Estado del checkpoint</translation>
    </message>
    <message>
        <source>Untrusted memories</source>
        <translation>Memorias no fiables</translation>
    </message>
    <message>
        <source>Jump to first &amp;error</source>
        <translation>Ir al primer &amp;error</translation>
    </message>
    <message>
        <source>Select the first error&apos;s object in every pane</source>
        <translation>Seleccionar el objeto del primer error en todos los paneles</translation>
    </message>
    <message>
        <source>Attach &amp;checkpoint…</source>
        <translation>Adjuntar &amp;checkpoint…</translation>
    </message>
    <message>
        <source>Verify again against an external checkpoint JSON (detects rollback)</source>
        <translation>Verificar de nuevo con un checkpoint JSON externo (detecta vueltas atrás)</translation>
    </message>
    <message>
        <source>Try another passphrase / recovery code…</source>
        <translation>Probar otra frase de contraseña / código de recuperación…</translation>
    </message>
    <message numerus="yes">
        <source>%n untrusted memory(ies) (label rank ≥ 3)</source>
        <translation>
            <numerusform>%n memoria no fiable (rango de etiqueta ≥ 3)</numerusform>
            <numerusform>%n memorias no fiables (rango de etiqueta ≥ 3)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WeightsView</name>
    <message>
        <source>This file carries no MutMem weights.</source>
        <translation>Este archivo no lleva pesos MutMem.</translation>
    </message>
    <message>
        <source>3000 ceiling</source>
        <translation>3000 techo</translation>
    </message>
    <message>
        <source>1000 start</source>
        <translation>1000 inicio</translation>
    </message>
    <message>
        <source>100 floor</source>
        <translation>100 suelo</translation>
    </message>
    <message>
        <source>Click a bar to list only the memories of that weight; click it again to show all</source>
        <translation>Haga clic en una barra para listar solo las memorias de ese peso; vuelva a hacer clic para mostrarlas todas</translation>
    </message>
    <message>
        <source>No file open.</source>
        <translation>Ningún archivo abierto.</translation>
    </message>
    <message>
        <source>Export PNG…</source>
        <translation>Exportar PNG…</translation>
    </message>
    <message>
        <source>Save the weight plot as a PNG image</source>
        <translation>Guardar el gráfico de pesos como imagen PNG</translation>
    </message>
    <message>
        <source>● weight transition (click to select its commit)   ◆ label record   ■ the memory&apos;s own commit (start, 1000)   dashed: floor, start, ceiling</source>
        <translation>● transición de peso (clic para seleccionar su commit)   ◆ registro de etiqueta   ■ el commit de la propia memoria (inicio, 1000)   discontinuas: suelo, inicio, techo</translation>
    </message>
    <message>
        <source>DAG position</source>
        <translation>posición en el DAG</translation>
    </message>
    <message>
        <source>milli-weight</source>
        <translation>milipeso</translation>
    </message>
    <message>
        <source>current milli-weight</source>
        <translation>milipeso actual</translation>
    </message>
    <message>
        <source>memories (log)</source>
        <translation>memorias (log)</translation>
    </message>
    <message>
        <source>Filter memories by id, text or label…</source>
        <translation>Filtrar memorias por id, texto o etiqueta…</translation>
    </message>
    <message>
        <source>Show all weights</source>
        <translation>Mostrar todos los pesos</translation>
    </message>
    <message>
        <source>Export weight plot</source>
        <translation>Exportar el gráfico de pesos</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>Imágenes PNG (*.png)</translation>
    </message>
    <message>
        <source>start: weight %1
position %2 (the memory itself)</source>
        <translation>inicio: peso %1
posición %2 (la propia memoria)</translation>
    </message>
    <message>
        <source>transition %1 of %2: %3 → %4 (%5)</source>
        <translation>transición %1 de %2: %3 → %4 (%5)</translation>
    </message>
    <message>
        <source>position %1</source>
        <translation>posición %1</translation>
    </message>
    <message>
        <source>valence %1, eta %2</source>
        <translation>valencia %1, eta %2</translation>
    </message>
    <message>
        <source>commit %1</source>
        <translation>commit %1</translation>
    </message>
    <message>
        <source>%1 (rank %2)
by %3 (%4)</source>
        <translation>%1 (rango %2)
por %3 (%4)</translation>
    </message>
    <message>
        <source>, confidence %1/1000</source>
        <translation>, confianza %1/1000</translation>
    </message>
    <message>
        <source>none (no label record)</source>
        <translation>ninguna (sin registro de etiqueta)</translation>
    </message>
    <message>
        <source>untrusted</source>
        <translation>no fiable</translation>
    </message>
    <message>
        <source>Memory %1 — “%2”</source>
        <translation>Memoria %1 — «%2»</translation>
    </message>
    <message numerus="yes">
        <source>weight now %1 after %n transition(s)</source>
        <translation>
            <numerusform>peso actual %1 tras %n transición</numerusform>
            <numerusform>peso actual %1 tras %n transiciones</numerusform>
        </translation>
    </message>
    <message>
        <source>label %1</source>
        <translation>etiqueta %1</translation>
    </message>
    <message numerus="yes">
        <source>%n memory(ies)</source>
        <translation>
            <numerusform>%n memoria</numerusform>
            <numerusform>%n memorias</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 reweighted · %2 ⚠ untrusted</source>
        <translation>%1 con peso cambiado · %2 ⚠ no fiables</translation>
    </message>
    <message>
        <source>▼ orange: below the 1000 start · ▲ blue: above</source>
        <translation>▼ naranja: por debajo del inicio 1000 · ▲ azul: por encima</translation>
    </message>
    <message numerus="yes">
        <source>weight %1–%2: %n memory(ies)</source>
        <translation>
            <numerusform>peso %1–%2: %n memoria</numerusform>
            <numerusform>peso %1–%2: %n memorias</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>weight %1–%2: %n memory(ies)
click to show only these</source>
        <translation>
            <numerusform>peso %1–%2: %n memoria
clic para mostrar solo estas</numerusform>
            <numerusform>peso %1–%2: %n memorias
clic para mostrar solo estas</numerusform>
        </translation>
    </message>
</context>
</TS>
