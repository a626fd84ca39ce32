<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es_ES">
<context>
    <name>AuthorDialog</name>
    <message>
        <source>Browse…</source>
        <translation>Examinar…</translation>
    </message>
    <message>
        <source>Rotate a key</source>
        <translation>Rotar una clave</translation>
    </message>
    <message>
        <source>Revoke a key</source>
        <translation>Revocar una clave</translation>
    </message>
    <message>
        <source>Migrate a v0.1 store</source>
        <translation>Migrar un almacén v0.1</translation>
    </message>
    <message>
        <source>Re-key (new passphrase)</source>
        <translation>Cambio de clave (nueva frase de contraseña)</translation>
    </message>
    <message>
        <source>Recover with the recovery code</source>
        <translation>Recuperar con el código de recuperación</translation>
    </message>
    <message>
        <source>Add an epistemic label</source>
        <translation>Añadir una etiqueta epistémica</translation>
    </message>
    <message>
        <source>Save the result as…</source>
        <translation>Guardar el resultado como…</translation>
    </message>
    <message>
        <source>Output path</source>
        <translation>Ruta de salida</translation>
    </message>
    <message>
        <source>Write over the source</source>
        <translation>Escribir sobre el original</translation>
    </message>
    <message>
        <source>Keep no backup (FILE.bak)</source>
        <translation>No conservar copia de seguridad (FILE.bak)</translation>
    </message>
    <message>
        <source>Output:</source>
        <translation>Salida:</translation>
    </message>
    <message>
        <source>Press Preview to see what would change.</source>
        <translation>Pulse Vista previa para ver qué cambiaría.</translation>
    </message>
    <message>
        <source>Preview verdict</source>
        <translation>Veredicto de la vista previa</translation>
    </message>
    <message>
        <source>What changes</source>
        <translation>Qué cambia</translation>
    </message>
    <message>
        <source>Objects that become NOT_IN_PROVEN_PRE_ROTATION_HISTORY</source>
        <translation>Objetos que pasan a NOT_IN_PROVEN_PRE_ROTATION_HISTORY</translation>
    </message>
    <message>
        <source>Objects added</source>
        <translation>Objetos añadidos</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Clave</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Rol</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>Antes</translation>
    </message>
    <message>
        <source>After</source>
        <translation>Después</translation>
    </message>
    <message>
        <source>Eras before and after</source>
        <translation>Eras antes y después</translation>
    </message>
    <message>
        <source>Output SHA-256</source>
        <translation>SHA-256 de la salida</translation>
    </message>
    <message>
        <source>&amp;Preview</source>
        <translation>&amp;Vista previa</translation>
    </message>
    <message>
        <source>&amp;Write</source>
        <translation>&amp;Escribir</translation>
    </message>
    <message>
        <source>&lt;b&gt;Preview&lt;/b&gt;</source>
        <translation>&lt;b&gt;Vista previa&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Objects this answer disowns (they become NOT_IN_PROVEN_PRE_ROTATION_HISTORY)</source>
        <translation>Objetos que esta respuesta repudia (pasan a NOT_IN_PROVEN_PRE_ROTATION_HISTORY)</translation>
    </message>
    <message>
        <source>Files added, changed or removed</source>
        <translation>Archivos añadidos, cambiados o eliminados</translation>
    </message>
    <message>
        <source>Key eras before and after</source>
        <translation>Eras de clave antes y después</translation>
    </message>
    <message>
        <source>Re-keying needs a sealed .aleth file: a directory store has no passphrase.</source>
        <translation>El cambio de clave necesita un archivo .aleth sellado: un almacén de directorio no tiene frase de contraseña.</translation>
    </message>
    <message>
        <source>Creates a root key, the migration record signed by the legacy key and the new root, and the genesis grant of key-001.</source>
        <translation>Crea una clave raíz, el registro de migración firmado por la clave heredada y la nueva raíz, y la concesión génesis de key-001.</translation>
    </message>
    <message>
        <source>Sets a new passphrase using the recovery code; the recovery code keeps working unless you ask for a new one.</source>
        <translation>Establece una nueva frase de contraseña con el código de recuperación; el código sigue funcionando salvo que pida uno nuevo.</translation>
    </message>
    <message>
        <source>Appends a signed label record. Verdict labels need an auditor key and evidence; nothing is deleted.</source>
        <translation>Añade un registro de etiqueta firmado. Las etiquetas de veredicto necesitan una clave de auditor y evidencia; no se borra nada.</translation>
    </message>
    <message>
        <source>Root private key (PEM)</source>
        <translation>Clave privada raíz (PEM)</translation>
    </message>
    <message>
        <source>Root key file</source>
        <translation>Archivo de la clave raíz</translation>
    </message>
    <message>
        <source>Root key:</source>
        <translation>Clave raíz:</translation>
    </message>
    <message>
        <source>Key:</source>
        <translation>Clave:</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Motivo</translation>
    </message>
    <message>
        <source>Reason:</source>
        <translation>Motivo:</translation>
    </message>
    <message>
        <source>Cutoff commit</source>
        <translation>Commit de corte</translation>
    </message>
    <message>
        <source>the last commit you trust (HEAD when empty)</source>
        <translation>el último commit en el que confía (HEAD si se deja vacío)</translation>
    </message>
    <message>
        <source>Cutoff (commit):</source>
        <translation>Corte (commit):</translation>
    </message>
    <message>
        <source>Role:</source>
        <translation>Rol:</translation>
    </message>
    <message>
        <source>Save the new root key (PEM, 0600) as…</source>
        <translation>Guardar la nueva clave raíz (PEM, 0600) como…</translation>
    </message>
    <message>
        <source>Save the new private key (PEM, 0600) as…</source>
        <translation>Guardar la nueva clave privada (PEM, 0600) como…</translation>
    </message>
    <message>
        <source>New key file</source>
        <translation>Archivo de la nueva clave</translation>
    </message>
    <message>
        <source>Save the new root key:</source>
        <translation>Guardar la nueva clave raíz:</translation>
    </message>
    <message>
        <source>Save the new private key:</source>
        <translation>Guardar la nueva clave privada:</translation>
    </message>
    <message>
        <source>A routine replacement: what the key signed in the proven history up to the cutoff stays valid.</source>
        <translation>Una sustitución rutinaria: lo que la clave firmó en la historia probada hasta el corte sigue siendo válido.</translation>
    </message>
    <message>
        <source>The key&apos;s term ended: nothing it signed before the cutoff changes.</source>
        <translation>El plazo de la clave terminó: nada de lo que firmó antes del corte cambia.</translation>
    </message>
    <message>
        <source>A housekeeper reweights memories and writes detector labels (unverified, poison_suspect, poison_likely).</source>
        <translation>Un housekeeper cambia el peso de las memorias y escribe etiquetas de detector (unverified, poison_suspect, poison_likely).</translation>
    </message>
    <message>
        <source>An auditor writes verdict labels (supported, disputed, poison_confirmed, poison_refuted), each citing evidence.</source>
        <translation>Un auditor escribe etiquetas de veredicto (supported, disputed, poison_confirmed, poison_refuted), cada una citando evidencia.</translation>
    </message>
    <message>
        <source>Recovery code</source>
        <translation>Código de recuperación</translation>
    </message>
    <message>
        <source>Recovery code:</source>
        <translation>Código de recuperación:</translation>
    </message>
    <message>
        <source>New passphrase</source>
        <translation>Nueva frase de contraseña</translation>
    </message>
    <message>
        <source>Repeat new passphrase</source>
        <translation>Repita la nueva frase de contraseña</translation>
    </message>
    <message>
        <source>New passphrase:</source>
        <translation>Nueva frase de contraseña:</translation>
    </message>
    <message>
        <source>Repeat:</source>
        <translation>Repetir:</translation>
    </message>
    <message>
        <source>Keep the recovery code</source>
        <translation>Conservar el código de recuperación</translation>
    </message>
    <message>
        <source>No recovery slot</source>
        <translation>Sin ranura de recuperación</translation>
    </message>
    <message>
        <source>Current recovery code</source>
        <translation>Código de recuperación actual</translation>
    </message>
    <message>
        <source>current recovery code (to keep the slot)</source>
        <translation>código de recuperación actual (para conservar la ranura)</translation>
    </message>
    <message>
        <source>Recovery:</source>
        <translation>Recuperación:</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Memoria</translation>
    </message>
    <message>
        <source>Memory:</source>
        <translation>Memoria:</translation>
    </message>
    <message>
        <source>Memory text</source>
        <translation>Texto de la memoria</translation>
    </message>
    <message>
        <source>It says:</source>
        <translation>Dice:</translation>
    </message>
    <message>
        <source>Label history</source>
        <translation>Historial de etiquetas</translation>
    </message>
    <message>
        <source>Label history:</source>
        <translation>Historial de etiquetas:</translation>
    </message>
    <message>
        <source>choose a label</source>
        <translation>elija una etiqueta</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>Etiqueta</translation>
    </message>
    <message>
        <source>Label:</source>
        <translation>Etiqueta:</translation>
    </message>
    <message>
        <source>Auditor or housekeeper private key (PEM)</source>
        <translation>Clave privada de auditor o de housekeeper (PEM)</translation>
    </message>
    <message>
        <source>Grant a key</source>
        <translation>Conceder una clave</translation>
    </message>
    <message>
        <source>Output path check</source>
        <translation>Comprobación de la ruta de salida</translation>
    </message>
    <message>
        <source>Revokes the key at the cutoff (HEAD unless you choose) and authorizes a fresh key in one root-signed event. For a routine rotation, what the old key signed and no commit cites is anchored first. After a theft, choose the reason &apos;compromise&apos; and the last commit you trust as the cutoff: nothing is anchored, and what the key signed after it is disowned.</source>
        <translation>Revoca la clave en el corte (HEAD salvo que elija otro) y autoriza una clave nueva en un único evento firmado por la raíz. En una rotación rutinaria, lo que la clave antigua firmó y ningún commit cita se ancla primero. Tras un robo, elija el motivo &apos;compromise&apos; y como corte el último commit en el que confía: no se ancla nada, y lo que la clave firmó después se repudia.</translation>
    </message>
    <message>
        <source>Revokes a key without a successor. Revoking the only agent key grants a new one in the same write, so the store can still be written. After a theft, choose &apos;compromise&apos; and the last commit you trust.</source>
        <translation>Revoca una clave sin sucesora. Revocar la única clave de agente concede una nueva en la misma escritura, para que el almacén se pueda seguir escribiendo. Tras un robo, elija &apos;compromise&apos; y el último commit en el que confía.</translation>
    </message>
    <message>
        <source>Generates a key and grants it with the root key: a housekeeper or auditor key, whose private key is saved, or a new agent key for a store that has none (sealed in the file).</source>
        <translation>Genera una clave y la concede con la clave raíz: una clave de housekeeper o de auditor, cuya clave privada se guarda, o una clave de agente nueva para un almacén que no tiene ninguna (sellada en el archivo).</translation>
    </message>
    <message>
        <source>Seals the same payload under a new passphrase: the old passphrase stops working. Decide what happens to the recovery slot. Nothing beside the file is deleted.</source>
        <translation>Sella el mismo contenido con una frase de contraseña nueva: la antigua deja de funcionar. Decida qué ocurre con la ranura de recuperación. No se borra nada de lo que hay junto al archivo.</translation>
    </message>
    <message>
        <source>Grant a new agent key in the same write (sealed in the file)</source>
        <translation>Conceder una clave de agente nueva en la misma escritura (sellada en el archivo)</translation>
    </message>
    <message>
        <source>This is the only agent key: without a new one, nothing could ever be committed to the store again.</source>
        <translation>Es la única clave de agente: sin una nueva, ya nunca se podría hacer un commit en el almacén.</translation>
    </message>
    <message>
        <source>New key file check</source>
        <translation>Comprobación del archivo de la clave nueva</translation>
    </message>
    <message>
        <source>The key was stolen or exposed: name the last commit you trust. Nothing is anchored; what the key signed outside the history up to that commit becomes NOT_IN_PROVEN_PRE_ROTATION_HISTORY, and the preview lists it.</source>
        <translation>La clave fue robada o expuesta: indique el último commit en el que confía. No se ancla nada; lo que la clave firmó fuera de la historia hasta ese commit pasa a NOT_IN_PROVEN_PRE_ROTATION_HISTORY, y la vista previa lo enumera.</translation>
    </message>
    <message>
        <source>required: the last commit you trust</source>
        <translation>obligatorio: el último commit en el que confía</translation>
    </message>
    <message>
        <source>A new agent key for a store that has none left (after a revocation): it signs new memories and is sealed in the file; saving a copy is optional.</source>
        <translation>Una clave de agente nueva para un almacén que ya no tiene ninguna (tras una revocación): firma las memorias nuevas y se sella en el archivo; guardar una copia es opcional.</translation>
    </message>
    <message>
        <source>Make a new recovery code (shown before the write)</source>
        <translation>Crear un código de recuperación nuevo (se muestra antes de escribir)</translation>
    </message>
    <message>
        <source>Signing key file</source>
        <translation>Archivo de la clave de firma</translation>
    </message>
    <message>
        <source>Signing key:</source>
        <translation>Clave de firma:</translation>
    </message>
    <message>
        <source>Labels this key may write</source>
        <translation>Etiquetas que esta clave puede escribir</translation>
    </message>
    <message>
        <source>Confidence:</source>
        <translation>Confianza:</translation>
    </message>
    <message>
        <source>Redaction preview</source>
        <translation>Vista previa de la redacción</translation>
    </message>
    <message>
        <source>Stored as:</source>
        <translation>Se guarda como:</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Evidencia</translation>
    </message>
    <message>
        <source>Evidence:</source>
        <translation>Evidencia:</translation>
    </message>
    <message>
        <source>signed by {key}</source>
        <translation>firmado por {key}</translation>
    </message>
    <message>
        <source>(not a plain memory of this file)</source>
        <translation>(no es una memoria simple de este archivo)</translation>
    </message>
    <message>
        <source>(no text)</source>
        <translation>(sin texto)</translation>
    </message>
    <message>
        <source>no label yet</source>
        <translation>sin etiqueta todavía</translation>
    </message>
    <message>
        <source>Choose the signing key: the labels it may write are offered then.</source>
        <translation>Elija la clave de firma: entonces se ofrecen las etiquetas que puede escribir.</translation>
    </message>
    <message>
        <source>This file is not a readable private key.</source>
        <translation>Este archivo no es una clave privada legible.</translation>
    </message>
    <message>
        <source>This key is not an active key of this file.</source>
        <translation>Esta clave no es una clave activa de este archivo.</translation>
    </message>
    <message>
        <source>no label to offer</source>
        <translation>ninguna etiqueta que ofrecer</translation>
    </message>
    <message>
        <source>This is an agent key: labels need a housekeeper or auditor key.</source>
        <translation>Es una clave de agente: las etiquetas necesitan una clave de housekeeper o de auditor.</translation>
    </message>
    <message>
        <source>A housekeeper key writes the detector labels; verdict labels need an auditor key.</source>
        <translation>Una clave de housekeeper escribe las etiquetas del detector; las etiquetas de veredicto necesitan una clave de auditor.</translation>
    </message>
    <message>
        <source>An auditor key writes every label; the verdict labels need evidence.</source>
        <translation>Una clave de auditor escribe todas las etiquetas; las de veredicto necesitan evidencia.</translation>
    </message>
    <message>
        <source>(empty)</source>
        <translation>(vacío)</translation>
    </message>
    <message>
        <source>No backup is kept; nothing beside the file is deleted.</source>
        <translation>No se conserva ninguna copia de seguridad; no se borra nada de lo que hay junto al archivo.</translation>
    </message>
    <message>
        <source>FAIL, as the input does: the result adds no error it did not have, so it can be written.</source>
        <translation>FALLA, como la entrada: el resultado no añade ningún error que esta no tuviera, así que se puede escribir.</translation>
    </message>
    <message>
        <source>FAIL: the result adds errors the input does not have — it cannot be written.</source>
        <translation>FALLA: el resultado añade errores que la entrada no tiene; no se puede escribir.</translation>
    </message>
    <message>
        <source>{path} still opens with the old passphrase; it was not deleted.</source>
        <translation>{path} todavía se abre con la frase de contraseña antigua; no se borró.</translation>
    </message>
    <message>
        <source>Nothing was written: this code opens nothing. Go back and try again.</source>
        <translation>No se escribió nada: este código no abre nada. Vuelva atrás e inténtelo de nuevo.</translation>
    </message>
    <message>
        <source>New recovery code</source>
        <translation>Nuevo código de recuperación</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Copiar</translation>
    </message>
    <message>
        <source>&amp;Save to a file…</source>
        <translation>&amp;Guardar en un archivo…</translation>
    </message>
    <message>
        <source>What is written next</source>
        <translation>Lo que se escribe a continuación</translation>
    </message>
    <message>
        <source>I have stored the new recovery code</source>
        <translation>He guardado el nuevo código de recuperación</translation>
    </message>
    <message>
        <source>Once you tick the box above, Write the file writes {target}; this code opens it.</source>
        <translation>Cuando marque la casilla de arriba, Escribir el archivo escribe {target}; este código lo abre.</translation>
    </message>
    <message>
        <source>The inputs changed: press Preview again before writing.</source>
        <translation>Los datos cambiaron: pulse Vista previa otra vez antes de escribir.</translation>
    </message>
    <message>
        <source>choose the {what} file</source>
        <translation>elija el archivo de la {what}</translation>
    </message>
    <message>
        <source>root key</source>
        <translation>clave raíz</translation>
    </message>
    <message>
        <source>enter the new passphrase twice (the two must match)</source>
        <translation>escriba la nueva frase de contraseña dos veces (deben coincidir)</translation>
    </message>
    <message>
        <source>choose a memory of this file</source>
        <translation>elija una memoria de este archivo</translation>
    </message>
    <message>
        <source>signing key</source>
        <translation>clave de firma</translation>
    </message>
    <message>
        <source>{label} is a verdict label: tick at least one evidence record</source>
        <translation>{label} es una etiqueta de veredicto: marque al menos un registro de evidencia</translation>
    </message>
    <message>
        <source>Building and verifying the result…</source>
        <translation>Construyendo y verificando el resultado…</translation>
    </message>
    <message>
        <source>choose where to save the new private key</source>
        <translation>elija dónde guardar la nueva clave privada</translation>
    </message>
    <message>
        <source>Write this result?</source>
        <translation>¿Escribir este resultado?</translation>
    </message>
    <message>
        <source>you disown the {n} objects listed</source>
        <translation>repudia los {n} objetos enumerados</translation>
    </message>
    <message>
        <source>the new recovery code is shown next; the file is written once it is stored</source>
        <translation>a continuación se muestra el nuevo código de recuperación; el archivo se escribe cuando lo haya guardado</translation>
    </message>
    <message>
        <source>SHA-256 of what is written: {sha}</source>
        <translation>SHA-256 de lo que se escribe: {sha}</translation>
    </message>
    <message>
        <source>Preview first: only a previewed result can be written.</source>
        <translation>Primero la vista previa: solo se puede escribir un resultado previsualizado.</translation>
    </message>
    <message>
        <source>Confirm the write</source>
        <translation>Confirmar la escritura</translation>
    </message>
    <message>
        <source>No backup is kept.</source>
        <translation>No se conserva copia de seguridad.</translation>
    </message>
    <message>
        <source>The previous version is kept as {backup}.</source>
        <translation>La versión anterior se conserva como {backup}.</translation>
    </message>
    <message>
        <source>Write over the source {path}?</source>
        <translation>¿Escribir sobre el original {path}?</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>Escribiendo…</translation>
    </message>
    <message>
        <source>PASS: the result verifies.</source>
        <translation>CORRECTO: el resultado se verifica.</translation>
    </message>
    <message>
        <source>FAIL: the result fails only by the objects listed below, which this answer to a key theft disowns. Confirm the list to write it.</source>
        <translation>FALLA: el resultado falla solo por los objetos enumerados abajo, que esta respuesta a un robo de clave repudia. Confirme la lista para escribirlo.</translation>
    </message>
    <message>
        <source>note: {text}</source>
        <translation>nota: {text}</translation>
    </message>
    <message>
        <source>This preview is the plan: Write writes exactly these bytes, or nothing if the file changes.</source>
        <translation>Esta vista previa es el plan: Escribir escribe exactamente estos bytes, o nada si el archivo cambia.</translation>
    </message>
    <message>
        <source>These {n} objects are not mine: disown them and write the result</source>
        <translation>Estos {n} objetos no son míos: repudiarlos y escribir el resultado</translation>
    </message>
    <message>
        <source>added</source>
        <translation>añadido</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>cambiado</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>eliminado</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>(cutoff %1)</source>
        <translation>(corte %1)</translation>
    </message>
    <message>
        <source>active</source>
        <translation>activa</translation>
    </message>
    <message>
        <source>revoked</source>
        <translation>revocada</translation>
    </message>
    <message>
        <source>Output SHA-256: {sha} ({size} bytes)</source>
        <translation>SHA-256 de la salida: {sha} ({size} bytes)</translation>
    </message>
    <message>
        <source>What was written differs from the preview.</source>
        <translation>Lo escrito difiere de la vista previa.</translation>
    </message>
    <message>
        <source>Written: {path} (SHA-256 {sha})</source>
        <translation>Escrito: {path} (SHA-256 {sha})</translation>
    </message>
    <message>
        <source>The previous version is kept as {path}.</source>
        <translation>La versión anterior se conserva como {path}.</translation>
    </message>
    <message>
        <source>Saved {path} (mode 0600).</source>
        <translation>Guardado {path} (modo 0600).</translation>
    </message>
    <message>
        <source>Save the new recovery code</source>
        <translation>Guardar el nuevo código de recuperación</translation>
    </message>
    <message>
        <source>choose where to save it</source>
        <translation>elija dónde guardarlo</translation>
    </message>
    <message>
        <source>this is the source: tick &apos;Write over the source&apos; instead</source>
        <translation>es el original: marque &apos;Escribir sobre el original&apos; en su lugar</translation>
    </message>
    <message>
        <source>a new file</source>
        <translation>un archivo nuevo</translation>
    </message>
    <message>
        <source>The new recovery code</source>
        <translation>El nuevo código de recuperación</translation>
    </message>
    <message>
        <source>This code opens the file when the passphrase is lost, and it is shown only now. Store it apart from the memory file (a password manager, paper in a safe). The file is written only once you confirm the code is stored, so the new file never exists without it.</source>
        <translation>Este código abre el archivo si se pierde la frase de contraseña, y solo se muestra ahora. Guárdelo aparte del archivo de memoria (un gestor de contraseñas, un papel en una caja fuerte). El archivo solo se escribe cuando confirme que el código está guardado, así que el archivo nuevo nunca existe sin él.</translation>
    </message>
    <message>
        <source>Recovery code status</source>
        <translation>Estado del código de recuperación</translation>
    </message>
    <message>
        <source>&amp;Back</source>
        <translation>&amp;Atrás</translation>
    </message>
    <message>
        <source>&amp;Write the file</source>
        <translation>&amp;Escribir el archivo</translation>
    </message>
    <message>
        <source>Copied to the clipboard.</source>
        <translation>Copiado al portapapeles.</translation>
    </message>
    <message>
        <source>The recovery code is saved to {path} (mode 0600).</source>
        <translation>El código de recuperación se guardó en {path} (modo 0600).</translation>
    </message>
</context>
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
        <source>Truth state</source>
        <translation>Estado de verdad</translation>
    </message>
    <message>
        <source>Calibrated score</source>
        <translation>Puntuación calibrada</translation>
    </message>
    <message>
        <source>Live content hash</source>
        <translation>Hash del contenido vigente</translation>
    </message>
    <message>
        <source>Bundle</source>
        <translation>Paquete</translation>
    </message>
    <message>
        <source>SHA-256 (stated)</source>
        <translation>SHA-256 (declarado)</translation>
    </message>
    <message>
        <source>Primary reason</source>
        <translation>Motivo principal</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Resultado</translation>
    </message>
    <message>
        <source>Body hash</source>
        <translation>Hash del cuerpo</translation>
    </message>
    <message>
        <source>Entry</source>
        <translation>Entrada</translation>
    </message>
    <message>
        <source>Signature</source>
        <translation>Firma</translation>
    </message>
    <message>
        <source>Checked</source>
        <translation>Comprobada</translation>
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
    <message>
        <source>File</source>
        <translation>Archivo</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Veredicto</translation>
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
        <source>Commits</source>
        <translation>Commits</translation>
    </message>
    <message>
        <source>Eras</source>
        <translation>Eras</translation>
    </message>
    <message>
        <source>Checkpoint</source>
        <translation>Checkpoint</translation>
    </message>
    <message>
        <source>Seconds</source>
        <translation>Segundos</translation>
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
        <source>Status: %1</source>
        <translation>Estado: %1</translation>
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
    <message>
        <source>weight chain</source>
        <translation>cadena de pesos</translation>
    </message>
    <message>
        <source>signed weight transition</source>
        <translation>transición de peso firmada</translation>
    </message>
    <message>
        <source>signer epoch</source>
        <translation>época del firmante</translation>
    </message>
    <message>
        <source>receipt entry</source>
        <translation>entrada del recibo</translation>
    </message>
    <message>
        <source>corpus member</source>
        <translation>miembro del corpus</translation>
    </message>
    <message>
        <source>master key</source>
        <translation>clave maestra</translation>
    </message>
    <message>
        <source>verified</source>
        <translation>verificado</translation>
    </message>
    <message>
        <source>did not verify</source>
        <translation>no se verificó</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>Peso</translation>
    </message>
    <message>
        <source>float32 mirrors</source>
        <translation>espejos float32</translation>
    </message>
    <message>
        <source>Judge valence</source>
        <translation>Valencia del juez</translation>
    </message>
    <message>
        <source>Signed</source>
        <translation>Firmado</translation>
    </message>
    <message>
        <source>Certification</source>
        <translation>Certificación</translation>
    </message>
    <message>
        <source>signatures verified: %1 · chain length: %2</source>
        <translation>firmas verificadas: %1 · longitud de la cadena: %2</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Motivo</translation>
    </message>
    <message>
        <source>Terminal weight</source>
        <translation>Peso final</translation>
    </message>
    <message>
        <source>Epoch</source>
        <translation>Época</translation>
    </message>
    <message>
        <source>Trust</source>
        <translation>Confianza</translation>
    </message>
    <message>
        <source>Bundle SHA-256</source>
        <translation>SHA-256 del paquete</translation>
    </message>
    <message>
        <source>No finding names this part of the bundle.</source>
        <translation>Ningún hallazgo menciona esta parte del paquete.</translation>
    </message>
    <message>
        <source>A part of a bundle has no id of its own: the bundle SHA-256 (Overview) covers the whole canonical document.</source>
        <translation>Una parte de un paquete no tiene id propio: el SHA-256 del paquete (Resumen) cubre todo el documento canónico.</translation>
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
    <name>EpochTimeline</name>
    <message>
        <source>Signer epochs timeline</source>
        <translation>Línea de tiempo de las épocas de firmantes</translation>
    </message>
    <message>
        <source>certificate window: %1 – %2</source>
        <translation>ventana del certificado: %1 – %2</translation>
    </message>
    <message>
        <source>issuer: %1</source>
        <translation>emisor: %1</translation>
    </message>
    <message>
        <source>certificate fingerprint: %1</source>
        <translation>huella del certificado: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n signature(s) in the weight chains</source>
        <translation>
            <numerusform>%n firma en las cadenas de pesos</numerusform>
            <numerusform>%n firmas en las cadenas de pesos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n signature(s) at or after the revocation</source>
        <translation>
            <numerusform>%n firma en el momento de la revocación o después</numerusform>
            <numerusform>%n firmas en el momento de la revocación o después</numerusform>
        </translation>
    </message>
    <message>
        <source>No signer epochs: this bundle records no signer identities with time windows.</source>
        <translation>Sin épocas de firmantes: este paquete no registra identidades de firmante con ventanas de tiempo.</translation>
    </message>
    <message>
        <source>signed time (UTC)</source>
        <translation>hora de firma (UTC)</translation>
    </message>
    <message>
        <source>revoked %1</source>
        <translation>revocado %1</translation>
    </message>
    <message>
        <source>bar: the signer&apos;s valid window (→ no end)</source>
        <translation>barra: la ventana válida del firmante (→ sin fin)</translation>
    </message>
    <message>
        <source>● a signature of the weight chains</source>
        <translation>● una firma de las cadenas de pesos</translation>
    </message>
    <message>
        <source>✖ revocation; struck through: revoked</source>
        <translation>✖ revocación; tachado: revocado</translation>
    </message>
    <message>
        <source>✖ below the bar: a signature at or after the revocation</source>
        <translation>✖ bajo la barra: una firma en el momento de la revocación o después</translation>
    </message>
</context>
<context>
    <name>EpochsView</name>
    <message>
        <source>Master key</source>
        <translation>Clave maestra</translation>
    </message>
    <message>
        <source>fingerprint %1</source>
        <translation>huella %1</translation>
    </message>
    <message>
        <source>No signer epochs in this bundle.</source>
        <translation>Este paquete no tiene épocas de firmantes.</translation>
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
    <name>FleetView</name>
    <message>
        <source>pass</source>
        <translation>correcto</translation>
    </message>
    <message>
        <source>fail</source>
        <translation>falla</translation>
    </message>
    <message>
        <source>unopenable</source>
        <translation>no se puede abrir</translation>
    </message>
    <message>
        <source>error</source>
        <translation>error</translation>
    </message>
    <message>
        <source>indeterminate</source>
        <translation>indeterminado</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>interrumpido</translation>
    </message>
    <message>
        <source>All files</source>
        <translation>Todos los archivos</translation>
    </message>
    <message>
        <source>Not passing</source>
        <translation>Los que no pasan</translation>
    </message>
    <message>
        <source>Fail</source>
        <translation>Falla</translation>
    </message>
    <message>
        <source>Unopenable</source>
        <translation>No se puede abrir</translation>
    </message>
    <message>
        <source>No verdict (error, indeterminate, timeout)</source>
        <translation>Sin veredicto (error, indeterminado, tiempo agotado)</translation>
    </message>
    <message>
        <source>Pass</source>
        <translation>Correcto</translation>
    </message>
    <message>
        <source>a HOM-AIMOS bundle has no commits and no key eras</source>
        <translation>un paquete HOM-AIMOS no tiene commits ni eras de clave</translation>
    </message>
    <message>
        <source>verified</source>
        <translation>verificado</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>falló</translation>
    </message>
    <message>
        <source>Fleet audit — %1</source>
        <translation>Auditoría de flota — %1</translation>
    </message>
    <message>
        <source>Fleet audit state</source>
        <translation>Estado de la auditoría de flota</translation>
    </message>
    <message>
        <source>%v / %m files</source>
        <translation>%v / %m archivos</translation>
    </message>
    <message>
        <source>Files audited</source>
        <translation>Archivos auditados</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Credentials…</source>
        <translation>Credenciales…</translation>
    </message>
    <message>
        <source>Choose the TOML rules that unlock the sealed files, and audit again</source>
        <translation>Elija las reglas TOML que desbloquean los archivos sellados y vuelva a auditar</translation>
    </message>
    <message>
        <source>Export HTML…</source>
        <translation>Exportar HTML…</translation>
    </message>
    <message>
        <source>Write the HTML fleet report (mode 0600)</source>
        <translation>Escribir el informe HTML de la flota (modo 0600)</translation>
    </message>
    <message>
        <source>Ledger…</source>
        <translation>Registro…</translation>
    </message>
    <message>
        <source>Choose the fleet ledger to compare the files with (read only), and audit again</source>
        <translation>Elegir el registro de la flota con el que comparar los archivos (solo lectura) y auditar de nuevo</translation>
    </message>
    <message>
        <source>Fleet ledger state</source>
        <translation>Estado del registro de la flota</translation>
    </message>
    <message>
        <source>Fleet ledger alarms and acknowledgements</source>
        <translation>Alarmas y reconocimientos del registro de la flota</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Archivo</translation>
    </message>
    <message>
        <source>Ledger</source>
        <translation>Registro</translation>
    </message>
    <message>
        <source>Since</source>
        <translation>Desde</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Motivo</translation>
    </message>
    <message>
        <source>Filter by path, verdict or finding code</source>
        <translation>Filtrar por ruta, veredicto o código de hallazgo</translation>
    </message>
    <message>
        <source>Filter files</source>
        <translation>Filtrar archivos</translation>
    </message>
    <message>
        <source>Filter by verdict</source>
        <translation>Filtrar por veredicto</translation>
    </message>
    <message>
        <source>Audited files</source>
        <translation>Archivos auditados</translation>
    </message>
    <message>
        <source>Double-click a file to open it in the inspector, judged with the settings this audit used.</source>
        <translation>Haga doble clic en un archivo para abrirlo en el inspector, juzgado con los ajustes que usó esta auditoría.</translation>
    </message>
    <message>
        <source>Fleet summary</source>
        <translation>Resumen de la flota</translation>
    </message>
    <message>
        <source>auditing…</source>
        <translation>auditando…</translation>
    </message>
    <message>
        <source>cancelling…</source>
        <translation>cancelando…</translation>
    </message>
    <message>
        <source>(cancelled)</source>
        <translation>(cancelada)</translation>
    </message>
    <message numerus="yes">
        <source>Fleet ledger %1: %n open alarm(s)</source>
        <translation>
            <numerusform>Registro de la flota %1: %n alarma abierta</numerusform>
            <numerusform>Registro de la flota %1: %n alarmas abiertas</numerusform>
        </translation>
    </message>
    <message>
        <source>Fleet ledger %1: no open alarm</source>
        <translation>Registro de la flota %1: ninguna alarma abierta</translation>
    </message>
    <message>
        <source>acknowledged by %1: %2</source>
        <translation>reconocida por %1: %2</translation>
    </message>
    <message>
        <source>could not audit</source>
        <translation>no se pudo auditar</translation>
    </message>
    <message>
        <source>Fleet audit of %1</source>
        <translation>Auditoría de flota de %1</translation>
    </message>
    <message>
        <source>Credentials rules</source>
        <translation>Reglas de credenciales</translation>
    </message>
    <message>
        <source>TOML rules (*.toml);;All files (*)</source>
        <translation>Reglas TOML (*.toml);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Fleet ledger</source>
        <translation>Registro de la flota</translation>
    </message>
    <message>
        <source>Fleet ledgers (*.ledger *.sqlite *.db);;All files (*)</source>
        <translation>Registros de flota (*.ledger *.sqlite *.db);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Export fleet report</source>
        <translation>Exportar el informe de la flota</translation>
    </message>
    <message>
        <source>HTML (*.html)</source>
        <translation>HTML (*.html)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>La exportación falló</translation>
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
        <source>No commit graph</source>
        <translation>Sin grafo de commits</translation>
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
        <source>Search ids, content, provenance, labels, codes…  (Ctrl+F)</source>
        <translation>Buscar ids, contenido, procedencia, etiquetas, códigos…  (Ctrl+F)</translation>
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
        <source>No history</source>
        <translation>Sin historia</translation>
    </message>
    <message>
        <source>Shows the commits that contain every word typed (any case): in their id, any text of their content or provenance (keys and values, at any depth), their signer&apos;s key_id, their status, the codes of their findings or their MutMem label. The first MiB of each commit&apos;s text is searched.</source>
        <translation>Muestra los commits que contienen cada palabra escrita (sin distinguir mayúsculas): en su id, en cualquier texto de su contenido o procedencia (claves y valores, a cualquier profundidad), en el key_id de su firmante, su estado, los códigos de sus hallazgos o su etiqueta MutMem. Se busca en el primer MiB del texto de cada commit.</translation>
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
        <source>searching…</source>
        <translation>buscando…</translation>
    </message>
    <message>
        <source>indexing %1 of %2 objects…</source>
        <translation>indexando %1 de %2 objetos…</translation>
    </message>
    <message>
        <source>searching… %1 of %2 looked at</source>
        <translation>buscando… %1 de %2 revisados</translation>
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
    <name>Hom</name>
    <message>
        <source>master-issued</source>
        <translation>emitido por la maestra</translation>
    </message>
    <message>
        <source>self-issued</source>
        <translation>autoemitido</translation>
    </message>
    <message>
        <source>issued by another key</source>
        <translation>emitido por otra clave</translation>
    </message>
    <message>
        <source>no end</source>
        <translation>sin fin</translation>
    </message>
    <message>
        <source>certificate %1</source>
        <translation>certificado %1</translation>
    </message>
    <message>
        <source>valid %1 – %2</source>
        <translation>válido %1 – %2</translation>
    </message>
    <message>
        <source>(revocation signature not verified)</source>
        <translation>(firma de la revocación no verificada)</translation>
    </message>
    <message>
        <source>revoked at %1</source>
        <translation>revocado el %1</translation>
    </message>
    <message>
        <source>This profile has no commit history: a HOM-AIMOS bundle is one signed JSON document, not a DAG of commits. Its weight chains are in Weights, its signer epochs in Key eras, its receipt or member bundles in Labels &amp; receipts, and every problem in Findings.</source>
        <translation>Este perfil no tiene historia de commits: un paquete HOM-AIMOS es un único documento JSON firmado, no un DAG de commits. Sus cadenas de pesos están en Pesos, sus épocas de firmantes en Eras de clave, su recibo o sus paquetes miembro en Etiquetas y recibos, y cada problema en Hallazgos.</translation>
    </message>
    <message>
        <source>This store has no commits.</source>
        <translation>Este almacén no tiene commits.</translation>
    </message>
    <message>
        <source>verifies (signatures checked: %1)</source>
        <translation>se verifica (firmas comprobadas: %1)</translation>
    </message>
    <message>
        <source>does not verify</source>
        <translation>no se verifica</translation>
    </message>
</context>
<context>
    <name>HomCorpusView</name>
    <message>
        <source>Recall corpus</source>
        <translation>Corpus de recuperación</translation>
    </message>
    <message>
        <source>Member bundles</source>
        <translation>Paquetes miembro</translation>
    </message>
    <message>
        <source>Double-click a member to open it as a bundle of its own; File › Back to the corpus returns here.</source>
        <translation>Haga doble clic en un miembro para abrirlo como paquete propio; Archivo › Volver al corpus regresa aquí.</translation>
    </message>
    <message>
        <source>This bundle is not a recall corpus.</source>
        <translation>Este paquete no es un corpus de recuperación.</translation>
    </message>
    <message numerus="yes">
        <source>%n member bundle(s) retained; intended_n %1</source>
        <translation>
            <numerusform>%n paquete miembro conservado; intended_n %1</numerusform>
            <numerusform>%n paquetes miembro conservados; intended_n %1</numerusform>
        </translation>
    </message>
    <message>
        <source>stated corpus root %1</source>
        <translation>raíz declarada del corpus %1</translation>
    </message>
    <message>
        <source>the corpus root recomputes from the members</source>
        <translation>la raíz del corpus se recalcula a partir de los miembros</translation>
    </message>
    <message>
        <source>recomputed corpus root %1: not the stated root</source>
        <translation>raíz del corpus recalculada %1: no es la raíz declarada</translation>
    </message>
    <message>
        <source>stated %1
recomputed %2</source>
        <translation>declarado %1
recalculado %2</translation>
    </message>
</context>
<context>
    <name>HomEnvelopeView</name>
    <message>
        <source>the envelope (objects, body hashes, root, commitment)</source>
        <translation>el sobre (objetos, hashes de los cuerpos, raíz, compromiso)</translation>
    </message>
    <message>
        <source>the object schemas</source>
        <translation>los esquemas de los objetos</translation>
    </message>
    <message>
        <source>the authority (actor, housekeeper, grant, request)</source>
        <translation>la autoridad (actor, housekeeper, concesión, solicitud)</translation>
    </message>
    <message>
        <source>the decisions</source>
        <translation>las decisiones</translation>
    </message>
    <message>
        <source>the returned memories</source>
        <translation>las memorias devueltas</translation>
    </message>
    <message>
        <source>the Merkle disclosure and the receipt event</source>
        <translation>la divulgación de Merkle y el evento de recibo</translation>
    </message>
    <message>
        <source>the signatures under the pinned master</source>
        <translation>las firmas bajo el maestro fijado</translation>
    </message>
    <message>
        <source>the mutation bundle&apos;s commitment</source>
        <translation>el compromiso del paquete de mutación</translation>
    </message>
    <message>
        <source>the outcome, its event and its valence</source>
        <translation>el resultado, su evento y su valencia</translation>
    </message>
    <message>
        <source>the terminal (transition, no-op or observation)</source>
        <translation>el terminal (transición, operación nula u observación)</translation>
    </message>
    <message>
        <source>the witness</source>
        <translation>el testigo</translation>
    </message>
    <message>
        <source>the trust context (a v2 envelope)</source>
        <translation>el contexto de confianza (un sobre v2)</translation>
    </message>
    <message>
        <source>the witnessed signatures</source>
        <translation>las firmas atestiguadas</translation>
    </message>
    <message>
        <source>Portable evidence</source>
        <translation>Evidencia portable</translation>
    </message>
    <message>
        <source>Typed objects</source>
        <translation>Objetos tipados</translation>
    </message>
    <message>
        <source>Authority and decisions</source>
        <translation>Autoridad y decisiones</translation>
    </message>
    <message>
        <source>Merkle disclosure</source>
        <translation>Divulgación de Merkle</translation>
    </message>
    <message>
        <source>Signatures</source>
        <translation>Firmas</translation>
    </message>
    <message>
        <source>Objects</source>
        <translation>Objetos</translation>
    </message>
    <message>
        <source>Authority &amp;&amp; decisions</source>
        <translation>Autoridad &amp;&amp; decisiones</translation>
    </message>
    <message>
        <source>stated %1
recomputed %2</source>
        <translation>declarado %1
recalculado %2</translation>
    </message>
    <message>
        <source>evidence %1</source>
        <translation>evidencia %1</translation>
    </message>
    <message>
        <source>verifies</source>
        <translation>se verifica</translation>
    </message>
    <message>
        <source>does not verify</source>
        <translation>no se verifica</translation>
    </message>
    <message>
        <source>not checked</source>
        <translation>no comprobada</translation>
    </message>
    <message>
        <source>mutation bundle</source>
        <translation>paquete de mutación</translation>
    </message>
    <message>
        <source>recall envelope</source>
        <translation>sobre de recuperación</translation>
    </message>
    <message>
        <source>HOM-AIMOS v2 %1 %2 · company %3</source>
        <translation>HOM-AIMOS v2 %1 %2 · empresa %3</translation>
    </message>
    <message>
        <source>%1 fails at %2</source>
        <translation>%1 falla en %2</translation>
    </message>
    <message>
        <source>the structure holds; no signature was checked (--structural-only)</source>
        <translation>la estructura se sostiene; no se comprobó ninguna firma (--structural-only)</translation>
    </message>
    <message>
        <source>every binding and signature holds under the pinned master</source>
        <translation>todos los vínculos y firmas se sostienen bajo el maestro fijado</translation>
    </message>
    <message>
        <source>expected master %1 — the master you pinned</source>
        <translation>maestro esperado %1 — el maestro que fijó</translation>
    </message>
    <message>
        <source>expected master %1 — not the master you pinned</source>
        <translation>maestro esperado %1 — no es el maestro que fijó</translation>
    </message>
    <message>
        <source>expected master %1 — not pinned</source>
        <translation>maestro esperado %1 — sin fijar</translation>
    </message>
    <message>
        <source>commitment %1</source>
        <translation>compromiso %1</translation>
    </message>
    <message>
        <source>Outcome %1 of memory %2 (%3): terminal %4</source>
        <translation>Resultado %1 de la memoria %2 (%3): terminal %4</translation>
    </message>
    <message>
        <source>weight %1 → %2</source>
        <translation>peso %1 → %2</translation>
    </message>
    <message>
        <source>Actor %1 (%2), epoch %3 – %4</source>
        <translation>Actor %1 (%2), época %3 – %4</translation>
    </message>
    <message>
        <source>Grant %1: allowed %2, clearance ceiling %3, data class ceiling %4</source>
        <translation>Concesión %1: permitida %2, techo de autorización %3, techo de clase de datos %4</translation>
    </message>
    <message>
        <source>Request %1 %2 at %3, clearance %4, data class %5</source>
        <translation>Solicitud %1 %2 a las %3, autorización %4, clase de datos %5</translation>
    </message>
    <message>
        <source>Return path %1</source>
        <translation>Ruta de retorno %1</translation>
    </message>
    <message>
        <source>Merkle root %1 (%2)</source>
        <translation>Raíz de Merkle %1 (%2)</translation>
    </message>
    <message>
        <source>result %1: memory %2, label %3, occurrence %4</source>
        <translation>resultado %1: memoria %2, etiqueta %3, ocurrencia %4</translation>
    </message>
    <message>
        <source>The verification stopped before the authority was read.</source>
        <translation>La verificación se detuvo antes de leer la autoridad.</translation>
    </message>
</context>
<context>
    <name>HomReceiptView</name>
    <message>
        <source>Recall receipt</source>
        <translation>Recibo de recuperación</translation>
    </message>
    <message>
        <source>Receipt entries</source>
        <translation>Entradas del recibo</translation>
    </message>
    <message>
        <source>Export inclusion proof…</source>
        <translation>Exportar prueba de inclusión…</translation>
    </message>
    <message>
        <source>Save the RFC 6962 inclusion proof of the selected entry with the signed event receipt it stands on</source>
        <translation>Guardar la prueba de inclusión RFC 6962 de la entrada seleccionada con el recibo de evento firmado en el que se apoya</translation>
    </message>
    <message>
        <source>Export result</source>
        <translation>Resultado de la exportación</translation>
    </message>
    <message>
        <source>This bundle has no recall receipt.</source>
        <translation>Este paquete no tiene recibo de recuperación.</translation>
    </message>
    <message>
        <source>Receipt %1 · requested by %2 at %3</source>
        <translation>Recibo %1 · solicitado por %2 el %3</translation>
    </message>
    <message>
        <source>query: %1</source>
        <translation>consulta: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n entry(ies) disclosed · Merkle schema %1</source>
        <translation>
            <numerusform>%n entrada divulgada · esquema Merkle %1</numerusform>
            <numerusform>%n entradas divulgadas · esquema Merkle %1</numerusform>
        </translation>
    </message>
    <message>
        <source>stated root %1</source>
        <translation>raíz declarada %1</translation>
    </message>
    <message>
        <source>the root recomputes from the entries</source>
        <translation>la raíz se recalcula a partir de las entradas</translation>
    </message>
    <message>
        <source>recomputed root %1: not the stated root</source>
        <translation>raíz recalculada %1: no es la raíz declarada</translation>
    </message>
    <message>
        <source>the housekeeper-signed event receipt is present</source>
        <translation>el recibo de evento firmado por el housekeeper está presente</translation>
    </message>
    <message>
        <source>the signed event receipt is missing: the verdict is indeterminate</source>
        <translation>falta el recibo de evento firmado: el veredicto es indeterminado</translation>
    </message>
    <message>
        <source>the command hash is checked against the signed event receipt, not recomputed</source>
        <translation>el hash del comando se comprueba contra el recibo de evento firmado, no se recalcula</translation>
    </message>
    <message>
        <source>the command hash recomputes</source>
        <translation>el hash del comando se recalcula</translation>
    </message>
    <message>
        <source>this bundle has no recall receipt</source>
        <translation>este paquete no tiene recibo de recuperación</translation>
    </message>
    <message>
        <source>the receipt&apos;s stated root is not the root of its entries</source>
        <translation>la raíz declarada del recibo no es la raíz de sus entradas</translation>
    </message>
    <message>
        <source>the signed event receipt is missing: a proof would stand on nothing signed</source>
        <translation>falta el recibo de evento firmado: una prueba no se apoyaría en nada firmado</translation>
    </message>
    <message>
        <source>the bundle does not verify (%1)</source>
        <translation>el paquete no se verifica (%1)</translation>
    </message>
    <message>
        <source>No proof: %1</source>
        <translation>Sin prueba: %1</translation>
    </message>
    <message>
        <source>No proof: there is no entry %1</source>
        <translation>Sin prueba: no hay entrada %1</translation>
    </message>
    <message>
        <source>No proof: no bundle is open</source>
        <translation>Sin prueba: no hay ningún paquete abierto</translation>
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
        <source>Writing the proof…</source>
        <translation>Escribiendo la prueba…</translation>
    </message>
    <message>
        <source>Saved %1: entry %2 of %3 under root %4, with the signed event receipt</source>
        <translation>Guardado %1: entrada %2 de %3 bajo la raíz %4, con el recibo de evento firmado</translation>
    </message>
    <message>
        <source>No proof was written: %1</source>
        <translation>No se escribió ninguna prueba: %1</translation>
    </message>
</context>
<context>
    <name>Judgement</name>
    <message>
        <source>signature %1</source>
        <translation>firma %1</translation>
    </message>
</context>
<context>
    <name>LabelChainPane</name>
    <message>
        <source>Labelled memories:</source>
        <translation>Memorias etiquetadas:</translation>
    </message>
    <message>
        <source>Memories that carry at least one label record, the least trusted first</source>
        <translation>Memorias con al menos un registro de etiqueta, las menos fiables primero</translation>
    </message>
    <message>
        <source>(no labelled memories)</source>
        <translation>(ninguna memoria etiquetada)</translation>
    </message>
    <message>
        <source>Select a memory to see its label chain.</source>
        <translation>Seleccione una memoria para ver su cadena de etiquetas.</translation>
    </message>
    <message>
        <source>untrusted</source>
        <translation>no fiable</translation>
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
        <source>Receipts and label chains</source>
        <translation>Recibos y cadenas de etiquetas</translation>
    </message>
    <message>
        <source>A HOM-AIMOS cognitive bundle carries weight chains (see Weights), no labels and no recall receipts.</source>
        <translation>Un paquete cognitivo HOM-AIMOS contiene cadenas de pesos (vea Pesos), ni etiquetas ni recibos de recuperación.</translation>
    </message>
    <message>
        <source>Recall receipts (%1)</source>
        <translation>Recibos de recuperación (%1)</translation>
    </message>
    <message numerus="yes">
        <source>%n failing</source>
        <translation>
            <numerusform>%n falla</numerusform>
            <numerusform>%n fallan</numerusform>
        </translation>
    </message>
    <message>
        <source>Label chains (%1)</source>
        <translation>Cadenas de etiquetas (%1)</translation>
    </message>
    <message numerus="yes">
        <source>%n untrusted</source>
        <translation>
            <numerusform>%n no fiable</numerusform>
            <numerusform>%n no fiables</numerusform>
        </translation>
    </message>
    <message>
        <source>entry %1 is outside this receipt&apos;s %2 entries</source>
        <translation>la entrada %1 está fuera de las %2 entradas de este recibo</translation>
    </message>
    <message>
        <source>no memory file is open to prove the receipt from</source>
        <translation>no hay abierto ningún archivo de memoria del que probar el recibo</translation>
    </message>
    <message>
        <source>Writing the proof…</source>
        <translation>Escribiendo la prueba…</translation>
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
        <translation>Eras de clave</translation>
    </message>
    <message>
        <source>No file open</source>
        <translation>Ningún archivo abierto</translation>
    </message>
    <message>
        <source>Signer epochs</source>
        <translation>Épocas de firmantes</translation>
    </message>
    <message numerus="yes">
        <source>Shaded: the proven history of %1 — the %n commit(s) up to its cutoff %2</source>
        <translation>
            <numerusform>Sombreado: la historia probada de %1, el %n commit hasta su corte %2</numerusform>
            <numerusform>Sombreado: la historia probada de %1, los %n commits hasta su corte %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MemoryTableModel</name>
    <message>
        <source>Certification</source>
        <translation>Certificación</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Motivo</translation>
    </message>
    <message>
        <source>the chain&apos;s terminal milli-weight (▲ above, ▼ below the 1000 start)</source>
        <translation>el milipeso final de la cadena (▲ por encima, ▼ por debajo del inicio 1000)</translation>
    </message>
    <message>
        <source>the reference verifier&apos;s certification status of the chain</source>
        <translation>el estado de certificación de la cadena según el verificador de referencia</translation>
    </message>
    <message>
        <source>why the chain did not certify (the reference&apos;s reason string)</source>
        <translation>por qué la cadena no se certificó (el motivo literal de la referencia)</translation>
    </message>
    <message>
        <source>number of signed weight transitions</source>
        <translation>número de transiciones de peso firmadas</translation>
    </message>
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
    <name>OpenFlow</name>
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
        <source>Aleth Inspector</source>
        <translation>Aleth Inspector</translation>
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
    <message>
        <source>Audit every memory file in a folder</source>
        <translation>Auditar cada archivo de memoria de una carpeta</translation>
    </message>
    <message>
        <source>Corpus member</source>
        <translation>Miembro del corpus</translation>
    </message>
</context>
<context>
    <name>OverviewView</name>
    <message>
        <source>The MutMem update rule is not checked for these bundles: they carry only the judge valence, so a weight step is checked for its signatures, bounds and continuity, not for its size.</source>
        <translation>La regla de actualización de MutMem no se comprueba en estos paquetes: solo llevan la valencia del juez, así que de cada paso de peso se comprueban las firmas, los límites y la continuidad, no su tamaño.</translation>
    </message>
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
        <source>Judged with</source>
        <translation>Juzgado con</translation>
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
        <source>cognitive evidence (weight chains)</source>
        <translation>evidencia cognitiva (cadenas de pesos)</translation>
    </message>
    <message>
        <source>recall evidence (one recall receipt)</source>
        <translation>evidencia de recuperación (un recibo de recuperación)</translation>
    </message>
    <message>
        <source>recall corpus (a set of recall bundles)</source>
        <translation>corpus de recuperación (un conjunto de paquetes de recuperación)</translation>
    </message>
    <message>
        <source>HOM-AIMOS v1 bundle — %1</source>
        <translation>paquete HOM-AIMOS v1 — %1</translation>
    </message>
    <message>
        <source>Bundle SHA-256</source>
        <translation>SHA-256 del paquete</translation>
    </message>
    <message>
        <source>(of the canonical JSON document)</source>
        <translation>(del documento JSON canónico)</translation>
    </message>
    <message>
        <source>Proof root</source>
        <translation>Raíz de la prueba</translation>
    </message>
    <message>
        <source>Merkle root</source>
        <translation>Raíz Merkle</translation>
    </message>
    <message>
        <source>Corpus root</source>
        <translation>Raíz del corpus</translation>
    </message>
    <message>
        <source>Root</source>
        <translation>Raíz</translation>
    </message>
    <message>
        <source>(the reference states none for this verdict; recomputed from the entries: %1)</source>
        <translation>(la referencia no da ninguna para este veredicto; recalculada a partir de las entradas: %1)</translation>
    </message>
    <message>
        <source>Primary reason</source>
        <translation>Motivo principal</translation>
    </message>
    <message>
        <source>Company</source>
        <translation>Empresa</translation>
    </message>
    <message>
        <source>Master key</source>
        <translation>Clave maestra</translation>
    </message>
    <message numerus="yes">
        <source>%n memory(ies)</source>
        <translation>
            <numerusform>%n memoria</numerusform>
            <numerusform>%n memorias</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n weight transition(s)</source>
        <translation>
            <numerusform>%n transición de peso</numerusform>
            <numerusform>%n transiciones de peso</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n signer epoch(s)</source>
        <translation>
            <numerusform>%n época de firmante</numerusform>
            <numerusform>%n épocas de firmantes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n ledger event(s)</source>
        <translation>
            <numerusform>%n evento del registro</numerusform>
            <numerusform>%n eventos del registro</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n receipt entry(ies)</source>
        <translation>
            <numerusform>%n entrada de recibo</numerusform>
            <numerusform>%n entradas de recibo</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n member bundle(s)</source>
        <translation>
            <numerusform>%n paquete miembro</numerusform>
            <numerusform>%n paquetes miembro</numerusform>
        </translation>
    </message>
    <message>
        <source>SQL parity</source>
        <translation>Paridad SQL</translation>
    </message>
    <message>
        <source>the engine&apos;s own records equal the recomputed ones</source>
        <translation>los registros propios del motor son iguales a los recalculados</translation>
    </message>
    <message>
        <source>the engine&apos;s own records differ from the recomputed ones</source>
        <translation>los registros propios del motor difieren de los recalculados</translation>
    </message>
    <message>
        <source>mutation bundle</source>
        <translation>paquete de mutación</translation>
    </message>
    <message>
        <source>recall envelope</source>
        <translation>sobre de recuperación</translation>
    </message>
    <message>
        <source>HOM-AIMOS v2 portable evidence — %1</source>
        <translation>evidencia portable HOM-AIMOS v2 — %1</translation>
    </message>
    <message>
        <source>Commitment</source>
        <translation>Compromiso</translation>
    </message>
    <message>
        <source>Object root</source>
        <translation>Raíz de objetos</translation>
    </message>
    <message numerus="yes">
        <source>%n object(s)</source>
        <translation>
            <numerusform>%n objeto</numerusform>
            <numerusform>%n objetos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n returned memory(ies)</source>
        <translation>
            <numerusform>%n memoria devuelta</numerusform>
            <numerusform>%n memorias devueltas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n signature(s) checked</source>
        <translation>
            <numerusform>%n firma comprobada</numerusform>
            <numerusform>%n firmas comprobadas</numerusform>
        </translation>
    </message>
    <message>
        <source>Weight chains</source>
        <translation>Cadenas de pesos</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more (see Weights)</source>
        <translation>
            <numerusform>… y %n más (vea Pesos)</numerusform>
            <numerusform>… y %n más (vea Pesos)</numerusform>
        </translation>
    </message>
    <message>
        <source>Signer epochs</source>
        <translation>Épocas de firmantes</translation>
    </message>
    <message>
        <source>Recall receipt</source>
        <translation>Recibo de recuperación</translation>
    </message>
    <message numerus="yes">
        <source>Bundle %1, requested by %2: %n entry(ies) disclosed.</source>
        <translation>
            <numerusform>Paquete %1, solicitado por %2: %n entrada divulgada.</numerusform>
            <numerusform>Paquete %1, solicitado por %2: %n entradas divulgadas.</numerusform>
        </translation>
    </message>
    <message>
        <source>the Merkle root recomputes from the entries</source>
        <translation>la raíz Merkle se recalcula a partir de las entradas</translation>
    </message>
    <message>
        <source>the stated Merkle root is not the root of the entries</source>
        <translation>la raíz Merkle declarada no es la raíz de las entradas</translation>
    </message>
    <message>
        <source>the signed event receipt is present</source>
        <translation>el recibo de evento firmado está presente</translation>
    </message>
    <message>
        <source>the signed event receipt is missing: the verdict is indeterminate</source>
        <translation>falta el recibo de evento firmado: el veredicto es indeterminado</translation>
    </message>
    <message>
        <source>Member bundles</source>
        <translation>Paquetes miembro</translation>
    </message>
    <message numerus="yes">
        <source>%n member(s) retained, intended_n %1. Double-click a member in the Labels &amp; receipts tab to open it as a bundle of its own.</source>
        <translation>
            <numerusform>%n miembro conservado, intended_n %1. Haga doble clic en un miembro en la pestaña Etiquetas y recibos para abrirlo como paquete propio.</numerusform>
            <numerusform>%n miembros conservados, intended_n %1. Haga doble clic en un miembro en la pestaña Etiquetas y recibos para abrirlo como paquete propio.</numerusform>
        </translation>
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
        <source>The payload does not authenticate with the key this passphrase gives. An ALETH001 file cannot tell a wrong passphrase from a changed file: try the passphrase again, and if it is right, the file was changed after sealing.</source>
        <translation>La carga útil no se autentica con la clave que da esta frase de contraseña. Un archivo ALETH001 no distingue una frase de contraseña errónea de un archivo modificado: pruebe de nuevo la frase y, si es la correcta, el archivo se modificó después de sellarse.</translation>
    </message>
    <message>
        <source>Copied ✔</source>
        <translation>Copiado ✔</translation>
    </message>
</context>
<context>
    <name>ProofDialog</name>
    <message>
        <source>VALID</source>
        <translation>VÁLIDA</translation>
    </message>
    <message>
        <source>NOT ANCHORED</source>
        <translation>NO ANCLADA</translation>
    </message>
    <message>
        <source>INVALID</source>
        <translation>NO VÁLIDA</translation>
    </message>
    <message>
        <source>UNOPENABLE</source>
        <translation>NO SE PUEDE ABRIR</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Examinar…</translation>
    </message>
    <message>
        <source>Folder…</source>
        <translation>Carpeta…</translation>
    </message>
    <message>
        <source>Check proof</source>
        <translation>Comprobar prueba</translation>
    </message>
    <message>
        <source>A proof stands on the receipt&apos;s signature, and on the memory file or a key you trust. Without either it is only consistent, not anchored.</source>
        <translation>Una prueba se apoya en la firma del recibo y en el archivo de memoria o en una clave de su confianza. Sin ninguno de los dos solo es coherente, no está anclada.</translation>
    </message>
    <message>
        <source>proof file (.json) written by Export inclusion proof or receipt prove</source>
        <translation>archivo de prueba (.json) escrito por Exportar prueba de inclusión o receipt prove</translation>
    </message>
    <message>
        <source>Proof file</source>
        <translation>Archivo de prueba</translation>
    </message>
    <message>
        <source>The &amp;memory file it came from</source>
        <translation>El archivo de &amp;memoria del que procede</translation>
    </message>
    <message>
        <source>A &amp;trusted key</source>
        <translation>Una clave de &amp;confianza</translation>
    </message>
    <message>
        <source>&amp;Nothing (consistency only)</source>
        <translation>&amp;Nada (solo coherencia)</translation>
    </message>
    <message>
        <source>.aleth file or directory store</source>
        <translation>archivo .aleth o almacén de directorio</translation>
    </message>
    <message>
        <source>Memory file</source>
        <translation>Archivo de memoria</translation>
    </message>
    <message>
        <source>passphrase, or aleth-recovery-v1:… (sealed files only)</source>
        <translation>frase de contraseña, o aleth-recovery-v1:… (solo archivos sellados)</translation>
    </message>
    <message>
        <source>Passphrase or recovery code</source>
        <translation>Frase de contraseña o código de recuperación</translation>
    </message>
    <message>
        <source>public key file (PEM or JWK), or sha256:&lt;64 hex digits&gt;</source>
        <translation>archivo de clave pública (PEM o JWK), o sha256:&lt;64 dígitos hex&gt;</translation>
    </message>
    <message>
        <source>Trusted key</source>
        <translation>Clave de confianza</translation>
    </message>
    <message>
        <source>Proof:</source>
        <translation>Prueba:</translation>
    </message>
    <message>
        <source>Proofs (*.json);;All files (*)</source>
        <translation>Pruebas (*.json);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Anchor to:</source>
        <translation>Anclar a:</translation>
    </message>
    <message>
        <source>Aleth files (*.aleth);;All files (*)</source>
        <translation>Archivos Aleth (*.aleth);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Trusted public key</source>
        <translation>Clave pública de confianza</translation>
    </message>
    <message>
        <source>Keys (*.pem *.pub *.jwk *.json);;All files (*)</source>
        <translation>Claves (*.pem *.pub *.jwk *.json);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Input error</source>
        <translation>Error en los datos</translation>
    </message>
    <message>
        <source>Checking</source>
        <translation>Comprobando</translation>
    </message>
    <message>
        <source>Proof verdict</source>
        <translation>Veredicto de la prueba</translation>
    </message>
    <message>
        <source>What the proof is anchored to</source>
        <translation>A qué está anclada la prueba</translation>
    </message>
    <message>
        <source>Checks</source>
        <translation>Comprobaciones</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Notas</translation>
    </message>
    <message>
        <source>&amp;Check</source>
        <translation>&amp;Comprobar</translation>
    </message>
    <message>
        <source>%1 is sealed: enter its passphrase or recovery code.</source>
        <translation>%1 está sellado: escriba su frase de contraseña o su código de recuperación.</translation>
    </message>
    <message>
        <source>Choose a proof file.</source>
        <translation>Elija un archivo de prueba.</translation>
    </message>
    <message>
        <source>Choose the memory file the proof came from.</source>
        <translation>Elija el archivo de memoria del que procede la prueba.</translation>
    </message>
    <message>
        <source>Verifying the bundle…</source>
        <translation>Verificando el paquete…</translation>
    </message>
    <message>
        <source>Enter the master key&apos;s sha256: fingerprint you trust.</source>
        <translation>Indique la huella sha256: de la clave maestra en la que confía.</translation>
    </message>
    <message>
        <source>Enter the trusted key&apos;s file or its sha256: fingerprint.</source>
        <translation>Indique el archivo de la clave de confianza o su huella sha256:.</translation>
    </message>
    <message>
        <source>Checking the proof…</source>
        <translation>Comprobando la prueba…</translation>
    </message>
    <message>
        <source>Unlocking and verifying the memory file…</source>
        <translation>Desbloqueando y verificando el archivo de memoria…</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Cancelado.</translation>
    </message>
    <message>
        <source>The check failed: %1</source>
        <translation>La comprobación falló: %1</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>Nota: %1</translation>
    </message>
    <message>
        <source>Export inclusion proof</source>
        <translation>Exportar prueba de inclusión</translation>
    </message>
    <message>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>Archivos JSON (*.json);;Todos los archivos (*)</translation>
    </message>
</context>
<context>
    <name>ProofExportDialog</name>
    <message>
        <source>Export inclusion proof</source>
        <translation>Exportar prueba de inclusión</translation>
    </message>
    <message>
        <source>Writing the proof of entry %1 of receipt %2…</source>
        <translation>Escribiendo la prueba de la entrada %1 del recibo %2…</translation>
    </message>
    <message>
        <source>Export result</source>
        <translation>Resultado de la exportación</translation>
    </message>
    <message>
        <source>Check &amp;proof…</source>
        <translation>Comprobar &amp;prueba…</translation>
    </message>
    <message>
        <source>Saved %1: entry %2 of %3 of receipt %4, signed by %5 (%6); %7 in this file, receipt %8.</source>
        <translation>Guardado %1: entrada %2 de %3 del recibo %4, firmado por %5 (%6); %7 en este archivo, recibo %8.</translation>
    </message>
    <message>
        <source>It is anchored when checked against this file or that key (Check proof…).</source>
        <translation>Queda anclada cuando se comprueba contra este archivo o esa clave (Comprobar prueba…).</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>Nota: %1</translation>
    </message>
    <message>
        <source>No proof was written: %1</source>
        <translation>No se escribió ninguna prueba: %1</translation>
    </message>
</context>
<context>
    <name>ReceiptsPane</name>
    <message>
        <source>Select a receipt to see what it disclosed.</source>
        <translation>Seleccione un recibo para ver qué reveló.</translation>
    </message>
    <message>
        <source>What failed in this receipt</source>
        <translation>Qué falló en este recibo</translation>
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
        <source>all receipt checks pass</source>
        <translation>todas las comprobaciones del recibo pasan</translation>
    </message>
    <message>
        <source>stated root %1
recomputed root %2</source>
        <translation>raíz declarada %1
raíz recalculada %2</translation>
    </message>
    <message>
        <source>evidence record: %1 (its signature: %2)</source>
        <translation>registro de evidencia: %1 (su firma: %2)</translation>
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
        <source>Saved %1: an anchored proof (check it with File › Check inclusion proof…)</source>
        <translation>Guardado %1: una prueba anclada (compruébela con Archivo › Comprobar prueba de inclusión…)</translation>
    </message>
    <message>
        <source>Could not export the proof: %1</source>
        <translation>No se pudo exportar la prueba: %1</translation>
    </message>
</context>
<context>
    <name>SettingsText</name>
    <message>
        <source>the recovery code</source>
        <translation>el código de recuperación</translation>
    </message>
    <message>
        <source>the passphrase</source>
        <translation>la frase de contraseña</translation>
    </message>
    <message>
        <source>the file %1</source>
        <translation>el archivo %1</translation>
    </message>
    <message>
        <source>the environment variable %1</source>
        <translation>la variable de entorno %1</translation>
    </message>
    <message>
        <source>%1 from %2</source>
        <translation>%1 de %2</translation>
    </message>
    <message>
        <source>no credential</source>
        <translation>sin credencial</translation>
    </message>
    <message>
        <source>no checkpoint</source>
        <translation>sin checkpoint</translation>
    </message>
    <message>
        <source>(dropped)</source>
        <translation>(soltado)</translation>
    </message>
    <message>
        <source>checkpoint %1</source>
        <translation>checkpoint %1</translation>
    </message>
    <message>
        <source>this window&apos;s settings</source>
        <translation>los ajustes de esta ventana</translation>
    </message>
    <message>
        <source>the fleet audit&apos;s settings (no credentials rules)</source>
        <translation>los ajustes de la auditoría de flota (sin reglas de credenciales)</translation>
    </message>
    <message>
        <source>the fleet audit&apos;s settings (no rule of %1 matches this file)</source>
        <translation>los ajustes de la auditoría de flota (ninguna regla de %1 corresponde a este archivo)</translation>
    </message>
    <message>
        <source>the fleet audit&apos;s settings (%1, rule %2: %3)</source>
        <translation>los ajustes de la auditoría de flota (%1, regla %2: %3)</translation>
    </message>
    <message>
        <source>strict: warnings fail</source>
        <translation>estricto: las advertencias hacen fallar</translation>
    </message>
    <message>
        <source>master key %1 pinned</source>
        <translation>clave maestra %1 fijada</translation>
    </message>
    <message>
        <source>no master key pinned</source>
        <translation>ninguna clave maestra fijada</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Judged with %1</source>
        <translation>Juzgado con %1</translation>
    </message>
    <message>
        <source>The fleet audit said %1: the file changed since (its SHA-256 differs).</source>
        <translation>La auditoría de flota dijo %1: el archivo cambió desde entonces (su SHA-256 difiere).</translation>
    </message>
    <message>
        <source>The fleet audit said %1.</source>
        <translation>La auditoría de flota dijo %1.</translation>
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
    <message numerus="yes">
        <source>%n commit(s) signed by %1 not proven to predate its rotation</source>
        <translation>
            <numerusform>%n commit firmado por %1 sin prueba de anterioridad a su rotación</numerusform>
            <numerusform>%n commits firmados por %1 sin prueba de anterioridad a su rotación</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n commit(s) signed by %1 not proven to predate its revocation</source>
        <translation>
            <numerusform>%n commit firmado por %1 sin prueba de anterioridad a su revocación</numerusform>
            <numerusform>%n commits firmados por %1 sin prueba de anterioridad a su revocación</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n more by other retired keys)</source>
        <translation>
            <numerusform>(%n más por otra clave retirada)</numerusform>
            <numerusform>(%n más por otras claves retiradas)</numerusform>
        </translation>
    </message>
    <message>
        <source>The structure holds as the reference verifier judges it; no signature was checked.</source>
        <translation>La estructura se sostiene tal como la juzga el verificador de referencia; no se comprobó ninguna firma.</translation>
    </message>
    <message>
        <source>Every binding and signature checks as the reference verifier judges them, under the master you pinned.</source>
        <translation>Todos los vínculos y firmas se verifican tal como los juzga el verificador de referencia, bajo el maestro que fijó.</translation>
    </message>
    <message>
        <source>Every hash, signature and chain checks as the reference verifier judges them: the bundle is internally consistent.</source>
        <translation>Todos los hashes, firmas y cadenas se comprueban como los juzga el verificador de referencia: el paquete es coherente internamente.</translation>
    </message>
    <message>
        <source>Every id, signature and link checks; every key era holds.</source>
        <translation>Todos los id, firmas y enlaces se comprueban; todas las eras de clave se sostienen.</translation>
    </message>
    <message>
        <source>No master key in this bundle: who signed is not established</source>
        <translation>Este paquete no tiene clave maestra: no está establecido quién firmó</translation>
    </message>
    <message>
        <source>Master key %1 — the master you pinned</source>
        <translation>Clave maestra %1 — la que usted fijó</translation>
    </message>
    <message>
        <source>Master key %1 — not the master you pinned</source>
        <translation>Clave maestra %1 — no es la que usted fijó</translation>
    </message>
    <message>
        <source>Master key %1 — its fingerprint does not match its key</source>
        <translation>Clave maestra %1 — su huella no corresponde a su clave</translation>
    </message>
    <message>
        <source>Master key %1 — not pinned: valid means internally consistent</source>
        <translation>Clave maestra %1 — sin fijar: válido significa coherente internamente</translation>
    </message>
    <message>
        <source>No expected master fingerprint: who signed is not established</source>
        <translation>No hay huella maestra esperada: no se establece quién firmó</translation>
    </message>
    <message>
        <source>Expected master %1 — structure only: no signature was checked</source>
        <translation>Maestro esperado %1 — solo la estructura: no se comprobó ninguna firma</translation>
    </message>
    <message>
        <source>Expected master %1 — the master you pinned</source>
        <translation>Maestro esperado %1 — el maestro que fijó</translation>
    </message>
    <message>
        <source>Expected master %1 — not the master you pinned</source>
        <translation>Maestro esperado %1 — no es el maestro que fijó</translation>
    </message>
    <message>
        <source>Expected master %1 — not pinned: the signatures cannot be trusted</source>
        <translation>Maestro esperado %1 — sin fijar: no se puede confiar en las firmas</translation>
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
    <name>TrajectoryPlot</name>
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
        <source>Export PNG…</source>
        <translation>Exportar PNG…</translation>
    </message>
    <message>
        <source>Save the weight plot as a PNG image</source>
        <translation>Guardar el gráfico de pesos como imagen PNG</translation>
    </message>
    <message>
        <source>milli-weight</source>
        <translation>milipeso</translation>
    </message>
    <message>
        <source>signed time (UTC)</source>
        <translation>hora de firma (UTC)</translation>
    </message>
    <message>
        <source>DAG position</source>
        <translation>posición en el DAG</translation>
    </message>
    <message>
        <source>● signed weight transition at its signing time (click to select it)   ■ the chain&apos;s start (1000, or its signed baseline)   dashed: floor, start, ceiling</source>
        <translation>● transición de peso firmada en su hora de firma (clic para seleccionarla)   ■ el inicio de la cadena (1000, o su línea base firmada)   discontinuas: suelo, inicio, techo</translation>
    </message>
    <message>
        <source>● weight transition (click to select its commit)   ◆ label record   ■ the memory&apos;s own commit (start, 1000)   dashed: floor, start, ceiling</source>
        <translation>● transición de peso (clic para seleccionar su commit)   ◆ registro de etiqueta   ■ el commit de la propia memoria (inicio, 1000)   discontinuas: suelo, inicio, techo</translation>
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
    <message>
        <source>Memory %1 — content %2</source>
        <translation>Memoria %1 — contenido %2</translation>
    </message>
    <message numerus="yes">
        <source>weight now %1 after %n signed transition(s)</source>
        <translation>
            <numerusform>peso actual %1 tras %n transición firmada</numerusform>
            <numerusform>peso actual %1 tras %n transiciones firmadas</numerusform>
        </translation>
    </message>
    <message>
        <source>declared %1 (float32 %2)</source>
        <translation>declarado %1 (float32 %2)</translation>
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
        <source>start: %1</source>
        <translation>inicio: %1</translation>
    </message>
    <message>
        <source>signed baseline, observed %1 (float32 %2)</source>
        <translation>línea base firmada, observada el %1 (float32 %2)</translation>
    </message>
    <message>
        <source>the protocol default (no baseline)</source>
        <translation>el valor por defecto del protocolo (sin línea base)</translation>
    </message>
    <message>
        <source>float32 mirrors %1 → %2 (%3 → %4)</source>
        <translation>espejos float32 %1 → %2 (%3 → %4)</translation>
    </message>
    <message>
        <source>signed JSON floats %1 → %2</source>
        <translation>flotantes JSON firmados %1 → %2</translation>
    </message>
    <message>
        <source>judge valence %1</source>
        <translation>valencia del juez %1</translation>
    </message>
    <message>
        <source>signed %1 by %2, certificate %3</source>
        <translation>firmado el %1 por %2, certificado %3</translation>
    </message>
    <message>
        <source>every check of this step passed</source>
        <translation>todas las comprobaciones de este paso se superaron</translation>
    </message>
    <message>
        <source>this step did not verify (see Findings)</source>
        <translation>este paso no se verificó (vea Hallazgos)</translation>
    </message>
    <message>
        <source>projection %1</source>
        <translation>proyección %1</translation>
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
        <source>Export weight plot</source>
        <translation>Exportar el gráfico de pesos</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>Imágenes PNG (*.png)</translation>
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
        <source>Reason code</source>
        <translation>Código del motivo</translation>
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
        <source>Settings that produced the verdict</source>
        <translation>Ajustes que produjeron el veredicto</translation>
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
    <message>
        <source>The reference verifier&apos;s reason code</source>
        <translation>El código de motivo del verificador de referencia</translation>
    </message>
    <message>
        <source>Master key</source>
        <translation>Clave maestra</translation>
    </message>
    <message numerus="yes">
        <source>%n untrusted memory(ies) (label rank ≥ 3)</source>
        <translation>
            <numerusform>%n memoria no fiable (rango de etiqueta ≥ 3)</numerusform>
            <numerusform>%n memorias no fiables (rango de etiqueta ≥ 3)</numerusform>
        </translation>
    </message>
    <message>
        <source>Jump to the primary &amp;reason</source>
        <translation>Ir al &amp;motivo principal</translation>
    </message>
</context>
<context>
    <name>WeightHistogram</name>
    <message>
        <source>Click a bar to list only the memories of that weight; click it again to show all</source>
        <translation>Haga clic en una barra para listar solo las memorias de ese peso; vuelva a hacer clic para mostrarlas todas</translation>
    </message>
    <message>
        <source>current milli-weight</source>
        <translation>milipeso actual</translation>
    </message>
    <message>
        <source>memories</source>
        <translation>memorias</translation>
    </message>
    <message numerus="yes">
        <source>%n moved from the 1000 start</source>
        <translation>
            <numerusform>%n se movió del inicio 1000</numerusform>
            <numerusform>%n se movieron del inicio 1000</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 reweighted · %2 ⚠ untrusted</source>
        <translation>%1 con peso cambiado · %2 ⚠ no fiables</translation>
    </message>
    <message numerus="yes">
        <source>%n memory(ies)</source>
        <translation>
            <numerusform>%n memoria</numerusform>
            <numerusform>%n memorias</numerusform>
        </translation>
    </message>
    <message>
        <source>▼ orange: below the 1000 start · ▲ blue: above · bar heights on a log scale</source>
        <translation>▼ naranja: por debajo del inicio 1000 · ▲ azul: por encima · alturas en escala logarítmica</translation>
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
<context>
    <name>WeightsView</name>
    <message>
        <source>This file carries no MutMem weights.</source>
        <translation>Este archivo no lleva pesos MutMem.</translation>
    </message>
    <message>
        <source>No file open.</source>
        <translation>Ningún archivo abierto.</translation>
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
        <source>Select a memory in the table below to plot its weight.</source>
        <translation>Seleccione una memoria en la tabla de abajo para trazar su peso.</translation>
    </message>
    <message>
        <source>This bundle carries no weight chains (a %1 bundle).</source>
        <translation>Este paquete no contiene cadenas de pesos (un paquete %1).</translation>
    </message>
    <message>
        <source>content %1</source>
        <translation>contenido %1</translation>
    </message>
    <message numerus="yes">
        <source>weight %1–%2: %n memory(ies)</source>
        <translation>
            <numerusform>peso %1–%2: %n memoria</numerusform>
            <numerusform>peso %1–%2: %n memorias</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WindowActions</name>
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
        <source>Open fo&amp;lder (audit every file)…</source>
        <translation>Abrir car&amp;peta (auditar cada archivo)…</translation>
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
        <source>Check inclusion &amp;proof…</source>
        <translation>Comprobar &amp;prueba de inclusión…</translation>
    </message>
    <message>
        <source>&amp;Back to the corpus</source>
        <translation>&amp;Volver al corpus</translation>
    </message>
    <message>
        <source>P&amp;in a HOM-AIMOS master key…</source>
        <translation>F&amp;ijar una clave maestra HOM-AIMOS…</translation>
    </message>
    <message>
        <source>&amp;Unpin the master key</source>
        <translation>&amp;Desfijar la clave maestra</translation>
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
        <source>Exporting %1…</source>
        <translation>Exportando %1…</translation>
    </message>
    <message>
        <source>Report exported to %1</source>
        <translation>Informe exportado a %1</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>No se pudo escribir %1: %2</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportar</translation>
    </message>
    <message>
        <source>No file</source>
        <translation>Ningún archivo</translation>
    </message>
    <message>
        <source>Open a file first.</source>
        <translation>Abra primero un archivo.</translation>
    </message>
    <message>
        <source>Pin a HOM-AIMOS master key</source>
        <translation>Fijar una clave maestra HOM-AIMOS</translation>
    </message>
    <message>
        <source>The fingerprint (64 hex digits) of the master key you expect from the bundle&apos;s operator, from a source other than the bundle. The bundle names %1.</source>
        <translation>La huella (64 dígitos hex) de la clave maestra que espera del operador del paquete, obtenida de una fuente distinta del paquete. El paquete nombra %1.</translation>
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
    <name>WindowLayout</name>
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
        <source>Verdict</source>
        <translation>Veredicto</translation>
    </message>
    <message>
        <source>No file open</source>
        <translation>Ningún archivo abierto</translation>
    </message>
    <message>
        <source>Verification progress</source>
        <translation>Progreso de la verificación</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
</context>
</TS>
