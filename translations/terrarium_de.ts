<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>Core::Tr</name>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="71"/>
        <source>The agent rejected %1: %2</source>
        <translation>Der Agent hat %1 abgelehnt: %2</translation>
    </message>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="74"/>
        <source>The sandbox&apos;s agent does not support %1</source>
        <translation>Der Agent der Sandbox unterstützt %1 nicht</translation>
    </message>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="77"/>
        <source>The agent failed %1 (error %2): %3</source>
        <translation>Der Agent ist bei %1 gescheitert (Fehler %2): %3</translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="105"/>
        <source>The sandbox is not running</source>
        <translation>Die Sandbox läuft nicht</translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="113"/>
        <source>%1 does not exist</source>
        <translation>%1 existiert nicht</translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="117"/>
        <source>%1 is outside the workspace</source>
        <translation>%1 liegt außerhalb des Arbeitsordners</translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="121"/>
        <location filename="../vm/HostSandbox.cpp" line="126"/>
        <location filename="../vm/HostSandbox.cpp" line="128"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="123"/>
        <source>%1 is not a regular file</source>
        <translation>%1 ist keine reguläre Datei</translation>
    </message>
    <message>
        <location filename="../vm/HostBackend.cpp" line="13"/>
        <source>There is no host sandbox named %1: host sandboxes end with their run.</source>
        <translation>Es gibt keine Host-Sandbox namens %1: Host-Sandboxen enden mit ihrem Lauf.</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXmlEdit.cpp" line="35"/>
        <source>Cannot read libvirt&apos;s XML: %1 (line %2)</source>
        <translation>Das XML von libvirt kann nicht gelesen werden: %1 (Zeile %2)</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXmlEdit.cpp" line="126"/>
        <source>The VM&apos;s XML has no %1.</source>
        <translation>Im XML der VM fehlt %1.</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSaveImage.cpp" line="49"/>
        <source>The saved VM state %1 cannot be used: %2.</source>
        <translation>Der gespeicherte VM-Zustand %1 kann nicht verwendet werden: %2.</translation>
    </message>
</context>
<context>
    <name>Terrarium::App</name>
    <message>
        <location filename="../app/CommandLine.cpp" line="16"/>
        <source>Terrarium plans a goal with a language model, turns each step into a shell command and runs it inside a sandbox, re-planning when a step fails.</source>
        <translation>Terrarium plant ein Ziel mit einem Sprachmodell, macht aus jedem Schritt einen Shell-Befehl und führt ihn in einer Sandbox aus; schlägt ein Schritt fehl, wird neu geplant.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="19"/>
        <source>Show this help and exit.</source>
        <translation>Diese Hilfe anzeigen und beenden.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="21"/>
        <source>Show the version and exit.</source>
        <translation>Die Version anzeigen und beenden.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="24"/>
        <source>Run without a window: events go to stdout as JSON lines, a log to stderr.</source>
        <translation>Ohne Fenster ausführen: Ereignisse gehen als JSON-Zeilen nach stdout, ein Protokoll nach stderr.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="25"/>
        <source>The goal to reach.</source>
        <translation>Das zu erreichende Ziel.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="26"/>
        <source>text</source>
        <translation>Text</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="28"/>
        <source>Task file (.yaml, .md or .txt) with the goal and the run&apos;s settings. The window shows what it asks for and waits for Run; --headless checks it and runs it.</source>
        <translation>Aufgabendatei (.yaml, .md oder .txt) mit dem Ziel und den Einstellungen des Laufs. Das Fenster zeigt, was sie verlangt, und wartet auf Ausführen; --headless prüft sie und führt sie aus.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="31"/>
        <location filename="../app/CommandLine.cpp" line="173"/>
        <source>file</source>
        <translation>Datei</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="33"/>
        <source>Allow what the task file asks for that needs consent: sandbox: host (no isolation) and network: outbound.</source>
        <translation>Erlauben, was die Aufgabendatei verlangt und eine Zustimmung braucht: sandbox: host (keine Isolation) und network: outbound.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="36"/>
        <source>Where commands run: podman (default), libvirt or host (no isolation).</source>
        <translation>Wo Befehle laufen: podman (Standard), libvirt oder host (keine Isolation).</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="38"/>
        <source>kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="40"/>
        <source>Host folder shared with the sandbox as its workspace (default: a new folder under ~/Terrarium, or the task file&apos;s folder).</source>
        <translation>Host-Ordner, der mit der Sandbox als ihr Arbeitsordner geteilt wird (Standard: ein neuer Ordner unter ~/Terrarium oder der Ordner der Aufgabendatei).</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="43"/>
        <source>dir</source>
        <translation>Ordner</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="45"/>
        <source>LLM wire protocol: responses, chat or anthropic.</source>
        <translation>Protokoll zum LLM: responses, chat oder anthropic.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="46"/>
        <location filename="../app/CommandLine.cpp" line="81"/>
        <location filename="../app/CommandLine.cpp" line="117"/>
        <location filename="../app/CommandLine.cpp" line="154"/>
        <source>name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="48"/>
        <source>Base URL of the LLM API, e.g. http://localhost:11434/v1.</source>
        <translation>Basis-URL der LLM-API, z. B. http://localhost:11434/v1.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="50"/>
        <source>url</source>
        <translation>URL</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="52"/>
        <source>Model that writes the plan.</source>
        <translation>Modell, das den Plan schreibt.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="52"/>
        <location filename="../app/CommandLine.cpp" line="55"/>
        <source>model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="54"/>
        <source>Model that turns steps into commands.</source>
        <translation>Modell, das aus Schritten Befehle macht.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="58"/>
        <source>Use the local model server at this address although another user runs it (the uid its listening socket belongs to, as the refusal names it), e.g. 127.0.0.1:11434@1001; may be repeated. Without it only your own servers are auto-detected.</source>
        <translation>Den lokalen Modellserver an dieser Adresse verwenden, obwohl ein anderer Benutzer ihn betreibt (die UID, der sein lauschender Socket gehört, wie die Ablehnung sie nennt), z. B. 127.0.0.1:11434@1001; mehrfach möglich. Ohne diese Angabe werden nur Ihre eigenen Server automatisch erkannt.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="62"/>
        <source>address:port@uid</source>
        <translation>Adresse:Port@UID</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="64"/>
        <source>Risky commands: ask (default), safe (deny them without asking) or all (run everything).</source>
        <translation>Riskante Befehle: ask (Standard, nachfragen), safe (ohne Nachfrage ablehnen) oder all (alles ausführen).</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="66"/>
        <location filename="../app/CommandLine.cpp" line="84"/>
        <source>policy</source>
        <translation>Regel</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="69"/>
        <source>Most commands one run may execute (1-10000, default 30).</source>
        <translation>Höchstzahl der Befehle, die ein Lauf ausführen darf (1-10000, Standard 30).</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="69"/>
        <location filename="../app/CommandLine.cpp" line="74"/>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="72"/>
        <source>Most re-plans one run may make (0-100; 0 turns re-planning off; default 5).</source>
        <translation>Höchstzahl der Neuplanungen eines Laufs (0-100; 0 schaltet das Neuplanen ab; Standard 5).</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="77"/>
        <source>Seconds one command may run (1-604800, default 600).</source>
        <translation>Sekunden, die ein Befehl laufen darf (1-604800, Standard 600).</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="77"/>
        <source>seconds</source>
        <translation>Sekunden</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="79"/>
        <source>Sandbox image (default: Terrarium&apos;s Debian image, built locally when missing).</source>
        <translation>Sandbox-Image (Standard: das Debian-Image von Terrarium, lokal gebaut, wenn es fehlt).</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="83"/>
        <source>Sandbox network: none (default) or outbound.</source>
        <translation>Netzwerk der Sandbox: none (Standard) oder outbound.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="87"/>
        <source>mount (default for Podman): commands work in the folder itself; copy: on a copy whose changes you review before they reach the folder (always for VMs).</source>
        <translation>mount (Standard für Podman): Befehle arbeiten im Ordner selbst; copy: auf einer Kopie, deren Änderungen Sie prüfen, bevor sie den Ordner erreichen (immer bei VMs).</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="89"/>
        <source>mode</source>
        <translation>Modus</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="92"/>
        <source>With a sandbox that works on a copy, what happens to its changes at the end: ask (default; not applied without a terminal), yes (all but conflicts) or no.</source>
        <translation>Bei einer Sandbox, die auf einer Kopie arbeitet: was am Ende mit ihren Änderungen geschieht: ask (Standard; ohne Terminal nicht übernommen), yes (alle außer Konflikten) oder no.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="94"/>
        <source>ask|yes|no</source>
        <translation>ask|yes|no</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="97"/>
        <source>Also apply changes to files that programs on your machine run or obey by themselves (git hooks and settings, .envrc, editor tasks, shell start-up files), which --apply-changes yes leaves out and ask asks about one by one.</source>
        <translation>Auch Änderungen an Dateien übernehmen, die Programme auf Ihrem Rechner von selbst ausführen oder befolgen (Git-Hooks und -Einstellungen, .envrc, Editor-Aufgaben, Shell-Startdateien), die --apply-changes yes auslässt und ask einzeln abfragt.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="102"/>
        <source>With a mounted workspace, let commands change the files that programs on your machine run or obey by themselves (git hooks and settings, .envrc, editor folders), which are read-only in the sandbox otherwise.</source>
        <translation>Bei einem eingebundenen Arbeitsordner Befehlen erlauben, die Dateien zu ändern, die Programme auf Ihrem Rechner von selbst ausführen oder befolgen (Git-Hooks und -Einstellungen, .envrc, Editor-Ordner); sonst sind sie in der Sandbox schreibgeschützt.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="107"/>
        <source>Snapshot the sandbox before each step the safety rules mark risky and roll it back when that step fails (VMs and Podman).</source>
        <translation>Vor jedem Schritt, den die Sicherheitsregeln als riskant einstufen, einen Snapshot der Sandbox anlegen und sie zurücksetzen, wenn der Schritt fehlschlägt (VMs und Podman).</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="111"/>
        <source>Do not ask the executor model for the next step&apos;s command while a step runs (which is done by default to save the model&apos;s latency; an early answer is used only when the step before succeeded).</source>
        <translation>Das Ausführungsmodell nicht schon während eines Schritts nach dem Befehl des nächsten Schritts fragen (was sonst geschieht, um die Wartezeit auf das Modell zu sparen; eine frühe Antwort wird nur verwendet, wenn der Schritt davor erfolgreich war).</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="115"/>
        <source>Use the sandbox with this name, attaching to it if it exists (see --list-sandboxes).</source>
        <translation>Die Sandbox mit diesem Namen verwenden und sich mit ihr verbinden, falls sie existiert (siehe --list-sandboxes).</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="119"/>
        <source>Leave the sandbox running after a headless run.</source>
        <translation>Die Sandbox nach einem Lauf ohne Fenster weiterlaufen lassen.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="122"/>
        <source>Build the sandbox image if it is missing, and exit.</source>
        <translation>Das Sandbox-Image bauen, falls es fehlt, und beenden.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="124"/>
        <source>Build the sandbox image again, and exit.</source>
        <translation>Das Sandbox-Image neu bauen und beenden.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="126"/>
        <source>List Terrarium&apos;s sandboxes and exit.</source>
        <translation>Die Sandboxen von Terrarium auflisten und beenden.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="128"/>
        <source>List the runs Terrarium kept, newest first, and exit.</source>
        <translation>Die von Terrarium gespeicherten Läufe auflisten, neueste zuerst, und beenden.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="132"/>
        <source>Write the runbook of a kept run that succeeded (its goal and the commands that succeeded, with their exit codes) to FILE, a new .yaml file, and exit. Usage: --export-runbook RUN_ID FILE.</source>
        <translation>Das Runbook eines gespeicherten, erfolgreichen Laufs (sein Ziel und die erfolgreichen Befehle mit ihren Exit-Codes) in DATEI schreiben, eine neue .yaml-Datei, und beenden. Aufruf: --export-runbook RUN_ID DATEI.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="135"/>
        <location filename="../app/CommandLine.cpp" line="147"/>
        <source>run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="138"/>
        <source>Run the recorded commands of a runbook in a fresh sandbox, without a model (headless); stops at the first step whose exit code differs from the recorded one.</source>
        <translation>Die aufgezeichneten Befehle eines Runbooks in einer neuen Sandbox ausführen, ohne Modell (headless); hält beim ersten Schritt an, dessen Exit-Code vom aufgezeichneten abweicht.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="141"/>
        <source>runbook</source>
        <translation>runbook</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="144"/>
        <source>Take up a kept run that was interrupted (Terrarium was killed or crashed) or failed, headless, under the same run id: the planner re-plans from the step that did not finish. Its own sandbox is used again when it still exists.</source>
        <translation>Einen gespeicherten Lauf, der unterbrochen wurde (Terrarium wurde beendet oder ist abgestürzt) oder fehlgeschlagen ist, headless unter derselben Lauf-ID wieder aufnehmen: Der Planer plant ab dem Schritt neu, der nicht fertig wurde. Seine eigene Sandbox wird wiederverwendet, wenn es sie noch gibt.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="150"/>
        <source>With --replay: when a step&apos;s exit code differs, the planner re-plans from there (a model is needed then).</source>
        <translation>Mit --replay: weicht der Exit-Code eines Schritts ab, plant der Planer von dort aus neu (dann wird ein Modell gebraucht).</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="153"/>
        <source>Remove a sandbox nobody uses and exit.</source>
        <translation>Eine Sandbox entfernen, die niemand verwendet, und beenden.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="157"/>
        <source>Remove the sandboxes that runs which did not end left behind (not those kept with --keep-sandbox or --sandbox-name); alone, do only that and exit.</source>
        <translation>Die Sandboxen entfernen, die nicht beendete Läufe zurückgelassen haben (nicht die mit --keep-sandbox oder --sandbox-name behaltenen); allein angegeben nur das tun und beenden.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="161"/>
        <source>Serve the control API on 127.0.0.1 and ::1 (port %1 unless a port follows; 0 picks a free one) while the window is open; with --headless and no goal, run what its clients start.</source>
        <translation>Die Steuerungs-API auf 127.0.0.1 und ::1 anbieten (Port %1, sofern kein Port folgt; 0 wählt einen freien), solange das Fenster offen ist; mit --headless und ohne Ziel ausführen, was ihre Clients starten.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="167"/>
        <source>Serve the control API on the Unix socket %1 (beside the port with --serve, alone without it).</source>
        <translation>Die Steuerungs-API auf dem Unix-Socket %1 anbieten (neben dem Port mit --serve, ohne es allein).</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="171"/>
        <source>Configuration file to use instead of ~/.config/terrarium/terrarium.conf.</source>
        <translation>Zu verwendende Konfigurationsdatei statt ~/.config/terrarium/terrarium.conf.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="215"/>
        <source>The goal, as an alternative to --goal.</source>
        <translation>Das Ziel, als Alternative zu --goal.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="216"/>
        <source>[goal...]</source>
        <translation>[Ziel...]</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="237"/>
        <source>--serve takes a port from 0 to 65535, not &quot;%1&quot;.</source>
        <translation>--serve erwartet einen Port von 0 bis 65535, nicht &quot;%1&quot;.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="261"/>
        <source>--export-runbook takes a run and a file: --export-runbook RUN_ID FILE.</source>
        <translation>--export-runbook erwartet einen Lauf und eine Datei: --export-runbook RUN_ID DATEI.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="269"/>
        <source>Give the goal either with --goal or as arguments, not both.</source>
        <translation>Geben Sie das Ziel entweder mit --goal oder als Argumente an, nicht beides.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="291"/>
        <source>--resume needs a run id (terrarium --list-runs lists them).</source>
        <translation>--resume braucht eine Lauf-ID (terrarium --list-runs listet sie auf).</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="295"/>
        <source>A resumed run (--resume) has its own goal; give no goal, --task or --replay with it.</source>
        <translation>Ein fortgesetzter Lauf (--resume) hat sein eigenes Ziel; geben Sie dazu kein Ziel, kein --task und kein --replay an.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="304"/>
        <source>A runbook (--replay) has its own goal; give no goal or --task with it.</source>
        <translation>Ein Runbook (--replay) hat sein eigenes Ziel; geben Sie dazu kein Ziel und kein --task an.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="311"/>
        <source>--replan-on-divergence only goes with --replay RUNBOOK.</source>
        <translation>--replan-on-divergence geht nur zusammen mit --replay RUNBOOK.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="315"/>
        <source>Give the goal either in the task file (--task) or on the command line, not both.</source>
        <translation>Geben Sie das Ziel entweder in der Aufgabendatei (--task) oder auf der Befehlszeile an, nicht beides.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="329"/>
        <source>--apply-changes takes ask, yes or no, not &quot;%1&quot;.</source>
        <translation>--apply-changes erwartet ask, yes oder no, nicht &quot;%1&quot;.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="347"/>
        <source>--serve with --headless takes no goal: the control API&apos;s clients start the runs.</source>
        <translation>--serve mit --headless erwartet kein Ziel: Die Clients der Steuerungs-API starten die Läufe.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="377"/>
        <source>--clean-orphans works alone or with --headless.</source>
        <translation>--clean-orphans geht nur allein oder mit --headless.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="384"/>
        <source>--headless needs a goal: --goal &quot;...&quot; or --task FILE.</source>
        <translation>--headless braucht ein Ziel: --goal &quot;...&quot; oder --task DATEI.</translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="55"/>
        <source>%1 has no steps, so it is not a runbook; terrarium --export-runbook RUN_ID FILE writes one.</source>
        <translation>%1 hat keine Schritte und ist daher kein Runbook; terrarium --export-runbook RUN_ID DATEI schreibt eines.</translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="64"/>
        <source>pass --yes</source>
        <translation>--yes angeben</translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="93"/>
        <location filename="../app/WindowController.cpp" line="411"/>
        <source>Runs are not kept: %1</source>
        <translation>Läufe werden nicht gespeichert: %1</translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="96"/>
        <source>The run %1 cannot be resumed: the run store cannot be opened.</source>
        <translation>Der Lauf %1 kann nicht fortgesetzt werden: Der Laufspeicher kann nicht geöffnet werden.</translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="112"/>
        <source>Resuming the run %1: %2</source>
        <translation>Lauf %1 wird fortgesetzt: %2</translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="149"/>
        <source>No terminal to ask for approval, so the command is denied. Use --approve safe or --approve all to decide without asking.</source>
        <translation>Kein Terminal, um nach der Freigabe zu fragen, daher wird der Befehl abgelehnt. Mit --approve safe oder --approve all wird ohne Nachfrage entschieden.</translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="156"/>
        <source>
Step %1 wants to run a risky command (%2 risk):
  $ %3
</source>
        <translation>
Schritt %1 will einen riskanten Befehl ausführen (Risiko: %2):
  $ %3
</translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="163"/>
        <source>Allow it? [o]nce, this [s]ession, [a]lways, [d]eny: </source>
        <translation>Zulassen? [o] einmal, [s] für diese Sitzung, [a] immer, [d] ablehnen: </translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="181"/>
        <source>Please answer o, s, a or d: </source>
        <translation>Bitte mit o, s, a oder d antworten: </translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="207"/>
        <source>  never applied: %1</source>
        <translation>  nie übernommen: %1</translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="210"/>
        <source>  RUNS BY ITSELF on your machine: %1</source>
        <translation>  LÄUFT VON SELBST auf Ihrem Rechner: %1</translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="213"/>
        <source>  changed on the host too: kept as it is there</source>
        <translation>  auch auf dem Host geändert: bleibt dort, wie es ist</translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="219"/>
        <source>The sandbox worked on a copy of %1 and changed:
%2</source>
        <translation>Die Sandbox hat auf einer Kopie von %1 gearbeitet und geändert:
%2</translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="222"/>
        <source>No terminal to ask, so nothing was applied. Use --apply-changes yes to apply the changes without asking, or --keep-sandbox to keep them in the sandbox.</source>
        <translation>Kein Terminal zum Nachfragen, daher wurde nichts übernommen. Mit --apply-changes yes werden die Änderungen ohne Nachfrage übernommen, mit --keep-sandbox bleiben sie in der Sandbox erhalten.</translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="234"/>
        <source>Apply these changes? [y]es, [n]o, [d]iffs: </source>
        <translation>Diese Änderungen übernehmen? [y] ja, [n] nein, [d] Diffs anzeigen: </translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="240"/>
        <source>Please answer y, n or d: </source>
        <translation>Bitte mit y, n oder d antworten: </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/HeadlessRunner.cpp" line="264"/>
        <source>Apply them to %1 (not the %n you changed there too)? [y]es, [n]o, [d]iffs: </source>
        <translation>
            <numerusform>Nach %1 übernehmen (außer der %n Datei, die Sie dort auch geändert haben)? [y] ja, [n] nein, [d] Diffs anzeigen: </numerusform>
            <numerusform>Nach %1 übernehmen (außer den %n Dateien, die Sie dort auch geändert haben)? [y] ja, [n] nein, [d] Diffs anzeigen: </numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="268"/>
        <source>Apply them to %1? [y]es, [n]o, [d]iffs: </source>
        <translation>Nach %1 übernehmen? [y] ja, [n] nein, [d] Diffs anzeigen: </translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="287"/>
        <source>Please answer y or n: </source>
        <translation>Bitte mit y oder n antworten: </translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="298"/>
        <source>%1 %2 Apply it too? [y]es, [N]o: </source>
        <translation>%1 %2 Auch übernehmen? [y] ja, [N] nein: </translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="307"/>
        <source>No terminal to type input on, so the command&apos;s input is closed.</source>
        <translation>Kein Terminal für Eingaben, daher wird die Eingabe des Befehls geschlossen.</translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="320"/>
        <source>Type a line for the command (Ctrl+D closes its input): </source>
        <translation>Geben Sie eine Zeile für den Befehl ein (Strg+D schließt seine Eingabe): </translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="343"/>
        <source>Interrupted again; exiting without waiting.</source>
        <translation>Erneut unterbrochen; Beenden ohne zu warten.</translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="350"/>
        <source>Interrupted; cancelling (press Ctrl+C again to exit at once)...</source>
        <translation>Unterbrochen; wird abgebrochen (erneut Strg+C drücken, um sofort zu beenden)...</translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="368"/>
        <source>Removed the sandbox an earlier run left behind: %1</source>
        <translation>Die von einem früheren Lauf zurückgelassene Sandbox wurde entfernt: %1</translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="373"/>
        <source>Could not remove the sandbox an earlier run left behind, %1: %2</source>
        <translation>Die von einem früheren Lauf zurückgelassene Sandbox %1 konnte nicht entfernt werden: %2</translation>
    </message>
    <message>
        <location filename="../app/OrphanFinder.cpp" line="171"/>
        <source>An earlier run that did not end left its sandbox behind:</source>
        <translation>Ein früherer Lauf, der nicht endete, hat seine Sandbox zurückgelassen:</translation>
    </message>
    <message>
        <location filename="../app/OrphanFinder.cpp" line="176"/>
        <source>Earlier runs that did not end left these sandboxes behind:</source>
        <translation>Frühere Läufe, die nicht endeten, haben diese Sandboxen zurückgelassen:</translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="394"/>
        <source>Remove it with: terrarium --clean-orphans</source>
        <translation>Entfernen mit: terrarium --clean-orphans</translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="395"/>
        <source>Remove them with: terrarium --clean-orphans</source>
        <translation>Entfernen mit: terrarium --clean-orphans</translation>
    </message>
    <message>
        <location filename="../app/HistoryController.cpp" line="37"/>
        <location filename="../app/HistoryController.cpp" line="46"/>
        <location filename="../app/WindowController.cpp" line="543"/>
        <location filename="../app/WindowController.cpp" line="576"/>
        <source>A run is in progress; stop it first.</source>
        <translation>Ein Lauf ist im Gange; halten Sie ihn zuerst an.</translation>
    </message>
    <message>
        <location filename="../app/HistoryController.cpp" line="61"/>
        <source>That run is no longer kept.</source>
        <translation>Dieser Lauf ist nicht mehr gespeichert.</translation>
    </message>
    <message>
        <location filename="../app/HistoryController.cpp" line="100"/>
        <source>The run and its folder %1 were deleted.</source>
        <translation>Der Lauf und sein Ordner %1 wurden gelöscht.</translation>
    </message>
    <message>
        <location filename="../app/HistoryController.cpp" line="104"/>
        <source>The run was deleted, but its folder %1 could not be removed.</source>
        <translation>Der Lauf wurde gelöscht, aber sein Ordner %1 konnte nicht entfernt werden.</translation>
    </message>
    <message>
        <location filename="../app/HistoryController.cpp" line="108"/>
        <source>The run was deleted.</source>
        <translation>Der Lauf wurde gelöscht.</translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="12"/>
        <source>Plan (revision %1):</source>
        <translation>Plan (Fassung %1):</translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="18"/>
        <source>Step %1: %2
  $ %3</source>
        <translation>Schritt %1: %2
  $ %3</translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="22"/>
        <source>
  (written after reading the output of step %1)</source>
        <translation>
  (geschrieben nach dem Lesen der Ausgabe von Schritt %1)</translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="27"/>
        <source>  cancelled after %1 ms</source>
        <translation>  abgebrochen nach %1 ms</translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="28"/>
        <source>  timed out after %1 ms</source>
        <translation>  Zeitüberschreitung nach %1 ms</translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="30"/>
        <source>  done in %1 ms</source>
        <translation>  fertig in %1 ms</translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="31"/>
        <source>  exit code %1 after %2 ms</source>
        <translation>  Exit-Code %1 nach %2 ms</translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="33"/>
        <source>
  WARNING: files that tools run by themselves were created or changed: %1</source>
        <translation>
  WARNUNG: Dateien, die Werkzeuge von selbst ausführen, wurden angelegt oder geändert: %1</translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="37"/>
        <source>
  WARNING: the check of the workspace after this step did not finish (%1); the rest was not checked for setuid bits or files that tools run by themselves</source>
        <translation>
  WARNUNG: Die Prüfung des Arbeitsordners nach diesem Schritt wurde nicht fertig (%1); der Rest wurde nicht auf Setuid-Bits oder Dateien geprüft, die Werkzeuge von selbst ausführen</translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="42"/>
        <source>
  setuid/setgid bits removed from: %1</source>
        <translation>
  setuid/setgid-Bits entfernt von: %1</translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="45"/>
        <source>
  WARNING: setuid/setgid bits could not be removed from: %1</source>
        <translation>
  WARNUNG: setuid/setgid-Bits konnten nicht entfernt werden von: %1</translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="48"/>
        <source>
  This step cannot be undone: no snapshot could be taken before it (%1).</source>
        <translation>
  Dieser Schritt kann nicht rückgängig gemacht werden: Vor ihm konnte kein Snapshot angelegt werden (%1).</translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="56"/>
        <source>Step %1 was not run: %2</source>
        <translation>Schritt %1 wurde nicht ausgeführt: %2</translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="57"/>
        <source>Step %1 failed: %2</source>
        <translation>Schritt %1 ist fehlgeschlagen: %2</translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="60"/>
        <source>Re-planning (attempt %1)...</source>
        <translation>Neuplanung (Versuch %1)...</translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="62"/>
        <source>Step %1 needs approval (%2 risk): %3</source>
        <translation>Schritt %1 braucht eine Freigabe (Risiko: %2): %3</translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="67"/>
        <source>Step %1 is waiting for input.</source>
        <translation>Schritt %1 wartet auf eine Eingabe.</translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="70"/>
        <source>Step %1 is waiting for input; the command printed no question: %2</source>
        <translation>Schritt %1 wartet auf eine Eingabe; der Befehl hat keine Frage ausgegeben: %2</translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="73"/>
        <source>Step %1 is waiting for input: %2</source>
        <translation>Schritt %1 wartet auf eine Eingabe: %2</translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="77"/>
        <source>Run succeeded.</source>
        <translation>Lauf erfolgreich.</translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="79"/>
        <source>Run cancelled.</source>
        <translation>Lauf abgebrochen.</translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="80"/>
        <source>Run failed: %1</source>
        <translation>Lauf fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="84"/>
        <source>Step %1 undone in the container: its files were rolled back to the snapshot from before the step (in %2 ms). The workspace is mounted from this computer and was not rolled back.</source>
        <translation>Schritt %1 im Container rückgängig gemacht: seine Dateien wurden auf den Snapshot von vor dem Schritt zurückgesetzt (in %2 ms). Der Arbeitsbereich ist von diesem Computer eingebunden und wurde nicht zurückgesetzt.</translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="89"/>
        <source>Step %1 undone: the sandbox was rolled back to its snapshot from before the step (in %2 ms).</source>
        <translation>Schritt %1 rückgängig gemacht: Die Sandbox wurde auf ihren Snapshot von vor dem Schritt zurückgesetzt (in %2 ms).</translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="100"/>
        <source>The %1 model did not answer (%2); trying again in %3 s (attempt %4 of %5).</source>
        <translation>Das %1-Modell hat nicht geantwortet (%2); neuer Versuch in %3 s (Versuch %4 von %5).</translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="101"/>
        <location filename="../app/WindowController.cpp" line="1009"/>
        <source>planner</source>
        <translation>Planer</translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="101"/>
        <location filename="../app/WindowController.cpp" line="1010"/>
        <source>executor</source>
        <translation>Ausführer</translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="107"/>
        <source>A control client opened terminal %1 in the sandbox (%2); what it types there is not checked or recorded.</source>
        <translation>Ein Steuerungs-Client hat Terminal %1 in der Sandbox (%2) geöffnet; was er dort eingibt, wird weder geprüft noch aufgezeichnet.</translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="112"/>
        <source>Terminal %1 of a control client closed after %2 ms.</source>
        <translation>Terminal %1 eines Steuerungs-Clients wurde nach %2 ms geschlossen.</translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="92"/>
        <source>terrarium: %1
Try &apos;terrarium --help&apos;.</source>
        <translation>terrarium: %1
Siehe &apos;terrarium --help&apos;.</translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="102"/>
        <location filename="../app/main.cpp" line="111"/>
        <location filename="../app/main.cpp" line="119"/>
        <location filename="../app/main.cpp" line="123"/>
        <source>terrarium: %1</source>
        <translation>terrarium: %1</translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="113"/>
        <source>No runs kept yet.</source>
        <translation>Noch keine Läufe gespeichert.</translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="125"/>
        <source>Wrote the runbook of run %1 to %2; replay it with terrarium --replay %2</source>
        <translation>Das Runbook von Lauf %1 wurde nach %2 geschrieben; abspielen mit terrarium --replay %2</translation>
    </message>
    <message>
        <location filename="../app/OrphanFinder.cpp" line="31"/>
        <source>it succeeded</source>
        <translation>er war erfolgreich</translation>
    </message>
    <message>
        <location filename="../app/OrphanFinder.cpp" line="33"/>
        <source>it failed</source>
        <translation>er ist fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../app/OrphanFinder.cpp" line="35"/>
        <source>it was cancelled</source>
        <translation>er wurde abgebrochen</translation>
    </message>
    <message>
        <location filename="../app/OrphanFinder.cpp" line="37"/>
        <source>interrupted before it ended</source>
        <translation>unterbrochen, bevor er endete</translation>
    </message>
    <message>
        <location filename="../app/OrphanFinder.cpp" line="39"/>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <location filename="../app/OrphanFinder.cpp" line="60"/>
        <source>Looking for sandboxes left behind took too long; not every kind was asked.</source>
        <translation>Die Suche nach zurückgelassenen Sandboxen dauerte zu lange; nicht jede Art wurde gefragt.</translation>
    </message>
    <message>
        <location filename="../app/OrphanFinder.cpp" line="151"/>
        <source>%1, left by run %2 (not in the run store)</source>
        <translation>%1, zurückgelassen von Lauf %2 (nicht im Laufspeicher)</translation>
    </message>
    <message>
        <location filename="../app/OrphanFinder.cpp" line="156"/>
        <source>%1, left by run %2 (%3): %4</source>
        <translation>%1, zurückgelassen von Lauf %2 (%3): %4</translation>
    </message>
    <message>
        <location filename="../app/OrphanFinder.cpp" line="169"/>
        <source>Terrarium stopped without removing the sandbox of an earlier run, which had ended:</source>
        <translation>Terrarium wurde beendet, ohne die Sandbox eines früheren, bereits beendeten Laufs zu entfernen:</translation>
    </message>
    <message>
        <location filename="../app/OrphanFinder.cpp" line="173"/>
        <source>Terrarium stopped without removing the sandboxes of earlier runs, which had ended:</source>
        <translation>Terrarium wurde beendet, ohne die Sandboxen früherer, bereits beendeter Läufe zu entfernen:</translation>
    </message>
    <message>
        <location filename="../app/OrphanFinder.cpp" line="177"/>
        <source>Earlier runs left these sandboxes behind:</source>
        <translation>Frühere Läufe haben diese Sandboxen zurückgelassen:</translation>
    </message>
    <message>
        <location filename="../app/OrphanFinder.cpp" line="212"/>
        <source>Its kind of sandbox cannot be asked now.</source>
        <translation>Diese Art von Sandbox kann gerade nicht abgefragt werden.</translation>
    </message>
    <message>
        <location filename="../app/ReadinessSummary.cpp" line="14"/>
        <source>%1: a local Ollama or llama.cpp server, looked for when the run starts (or set a model and key in Preferences)</source>
        <translation>%1: ein lokaler Ollama- oder llama.cpp-Server, nach dem beim Start des Laufs gesucht wird (oder legen Sie in den Einstellungen ein Modell und einen Schlüssel fest)</translation>
    </message>
    <message>
        <location filename="../app/ReadinessSummary.cpp" line="18"/>
        <source>%1: %2 (%3)</source>
        <translation>%1: %2 (%3)</translation>
    </message>
    <message>
        <location filename="../app/ReadinessSummary.cpp" line="21"/>
        <source>, key set</source>
        <translation>, Schlüssel gesetzt</translation>
    </message>
    <message>
        <location filename="../app/ReadinessSummary.cpp" line="23"/>
        <source>, key from the keyring when the run starts</source>
        <translation>, Schlüssel aus dem Schlüsselbund beim Start des Laufs</translation>
    </message>
    <message>
        <location filename="../app/ReadinessSummary.cpp" line="38"/>
        <source>Planner</source>
        <translation>Planer</translation>
    </message>
    <message>
        <location filename="../app/ReadinessSummary.cpp" line="39"/>
        <source>Executor</source>
        <translation>Ausführer</translation>
    </message>
    <message>
        <location filename="../app/ReadinessSummary.cpp" line="43"/>
        <source>Sandbox: a Podman container, network open for outbound connections, but podman is not installed (sudo apt install podman)</source>
        <translation>Sandbox: ein Podman-Container, Netzwerk offen für ausgehende Verbindungen, aber podman ist nicht installiert (sudo apt install podman)</translation>
    </message>
    <message>
        <location filename="../app/ReadinessSummary.cpp" line="46"/>
        <source>Sandbox: a Podman container, but podman is not installed (sudo apt install podman)</source>
        <translation>Sandbox: ein Podman-Container, aber podman ist nicht installiert (sudo apt install podman)</translation>
    </message>
    <message>
        <location filename="../app/ReadinessSummary.cpp" line="48"/>
        <source>Sandbox: a Podman container, network open for outbound connections; its image is built on the first run</source>
        <translation>Sandbox: ein Podman-Container, Netzwerk offen für ausgehende Verbindungen; sein Image wird beim ersten Lauf gebaut</translation>
    </message>
    <message>
        <location filename="../app/ReadinessSummary.cpp" line="50"/>
        <source>Sandbox: a Podman container, network off; its image is built on the first run</source>
        <translation>Sandbox: ein Podman-Container, Netzwerk aus; sein Image wird beim ersten Lauf gebaut</translation>
    </message>
    <message>
        <location filename="../app/ReadinessSummary.cpp" line="54"/>
        <source>Sandbox: a libvirt VM, network open for outbound connections, but QEMU is not installed (sudo apt install qemu-system-x86 libvirt-daemon-system)</source>
        <translation>Sandbox: eine libvirt-VM, Netzwerk offen für ausgehende Verbindungen, aber QEMU ist nicht installiert (sudo apt install qemu-system-x86 libvirt-daemon-system)</translation>
    </message>
    <message>
        <location filename="../app/ReadinessSummary.cpp" line="57"/>
        <source>Sandbox: a libvirt VM, but QEMU is not installed (sudo apt install qemu-system-x86 libvirt-daemon-system)</source>
        <translation>Sandbox: eine libvirt-VM, aber QEMU ist nicht installiert (sudo apt install qemu-system-x86 libvirt-daemon-system)</translation>
    </message>
    <message>
        <location filename="../app/ReadinessSummary.cpp" line="61"/>
        <source>Sandbox: a libvirt VM, network open for outbound connections; its image is built on the first run</source>
        <translation>Sandbox: eine libvirt-VM, Netzwerk offen für ausgehende Verbindungen; ihr Image wird beim ersten Lauf gebaut</translation>
    </message>
    <message>
        <location filename="../app/ReadinessSummary.cpp" line="63"/>
        <source>Sandbox: a libvirt VM, network off; its image is built on the first run</source>
        <translation>Sandbox: eine libvirt-VM, Netzwerk aus; ihr Image wird beim ersten Lauf gebaut</translation>
    </message>
    <message>
        <location filename="../app/ReadinessSummary.cpp" line="66"/>
        <source>Sandbox: none, commands run on this computer as you</source>
        <translation>Sandbox: keine, Befehle laufen auf diesem Computer als Sie</translation>
    </message>
    <message>
        <location filename="../app/ReadinessSummary.cpp" line="68"/>
        <source>Sandbox: %1 (unknown)</source>
        <translation>Sandbox: %1 (unbekannt)</translation>
    </message>
    <message>
        <location filename="../app/RunListing.cpp" line="30"/>
        <source>RUN</source>
        <translation>LAUF</translation>
    </message>
    <message>
        <location filename="../app/RunListing.cpp" line="31"/>
        <source>STATUS</source>
        <translation>STATUS</translation>
    </message>
    <message>
        <location filename="../app/RunListing.cpp" line="32"/>
        <source>STARTED</source>
        <translation>GESTARTET</translation>
    </message>
    <message>
        <location filename="../app/RunListing.cpp" line="33"/>
        <source>TOOK</source>
        <translation>DAUER</translation>
    </message>
    <message>
        <location filename="../app/RunListing.cpp" line="34"/>
        <source>GOAL</source>
        <translation>ZIEL</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="57"/>
        <source>added</source>
        <translation>hinzugefügt</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="59"/>
        <source>changed</source>
        <translation>geändert</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="61"/>
        <source>deleted</source>
        <translation>gelöscht</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="63"/>
        <source>permissions changed</source>
        <translation>Rechte geändert</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="65"/>
        <source>replaced by another kind of file</source>
        <translation>durch eine andere Dateiart ersetzt</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="135"/>
        <source>Workspace: %1 (a new folder for this run)</source>
        <translation>Arbeitsordner: %1 (ein neuer Ordner für diesen Lauf)</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="162"/>
        <source>This run is not kept: %1</source>
        <translation>Dieser Lauf wird nicht gespeichert: %1</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="170"/>
        <source>%1. The run goes on; saving it is tried again.</source>
        <translation>%1. Der Lauf geht weiter; das Speichern wird erneut versucht.</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="181"/>
        <source>Finding the models</source>
        <translation>Modelle werden gesucht</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="186"/>
        <source>Replaying a runbook: no model is needed</source>
        <translation>Ein Runbook wird abgespielt: kein Modell nötig</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="205"/>
        <source>Planner: %1, executor: %2, on %3</source>
        <translation>Planer: %1, Ausführung: %2, auf %3</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="208"/>
        <source>Planner: %1, executor: %2</source>
        <translation>Planer: %1, Ausführer: %2</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="227"/>
        <source>WARNING: the host sandbox runs every command directly on this machine, as you, with no isolation, in %1.</source>
        <translation>WARNUNG: Die Host-Sandbox führt jeden Befehl direkt auf diesem Rechner aus, als Sie, ohne Isolation, in %1.</translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="96"/>
        <location filename="../app/RunSession.cpp" line="315"/>
        <source>Note: %1</source>
        <translation>Hinweis: %1</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="264"/>
        <source>Attaching to the run&apos;s own sandbox %1.</source>
        <translation>Verbindung mit der eigenen Sandbox %1 des Laufs.</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="271"/>
        <source>The run&apos;s sandbox is gone; a new one is started on the same workspace (what earlier steps did outside the workspace is not there).</source>
        <translation>Die Sandbox des Laufs gibt es nicht mehr; eine neue wird mit demselben Arbeitsordner gestartet (was frühere Schritte außerhalb des Arbeitsordners getan haben, fehlt darin).</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="293"/>
        <source>Attaching to the existing sandbox %1.</source>
        <translation>Verbindung mit der vorhandenen Sandbox %1.</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="317"/>
        <source>Starting the %1 sandbox %2</source>
        <translation>Die %1-Sandbox %2 wird gestartet</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="325"/>
        <source>The sandbox could not start: %1</source>
        <translation>Die Sandbox konnte nicht starten: %1</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="334"/>
        <source>The sandbox is ready</source>
        <translation>Die Sandbox ist bereit</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="336"/>
        <source>Read-only in the sandbox, because programs on this machine run or obey them by themselves: %1 (--allow-autorun-writes lets a run change them).</source>
        <translation>In der Sandbox schreibgeschützt, weil Programme auf diesem Rechner sie von selbst ausführen oder befolgen: %1 (mit --allow-autorun-writes darf ein Lauf sie ändern).</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="384"/>
        <source>There is no record of what was copied into the sandbox %1, so its changes cannot be reviewed safely; nothing of it will be applied to %2.</source>
        <translation>Es gibt keine Aufzeichnung darüber, was in die Sandbox %1 kopiert wurde, daher können ihre Änderungen nicht sicher geprüft werden; nichts davon wird nach %2 übernommen.</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="391"/>
        <location filename="../app/RunSession.cpp" line="396"/>
        <source>Copying the workspace into the sandbox</source>
        <translation>Der Arbeitsordner wird in die Sandbox kopiert</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="403"/>
        <source>The workspace could not be copied into the sandbox: %1</source>
        <translation>Der Arbeitsordner konnte nicht in die Sandbox kopiert werden: %1</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="415"/>
        <source>Cannot keep a record of the copied workspace in %1 (%2); after a crash its changes could not be reviewed.</source>
        <translation>Der kopierte Arbeitsordner kann in %1 nicht festgehalten werden (%2); nach einem Absturz ließen sich seine Änderungen nicht prüfen.</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="420"/>
        <source>Copied 1 file (%1 KiB) into the sandbox; it works on this copy, and its changes reach %2 only when you accept them.</source>
        <translation>1 Datei (%1 KiB) in die Sandbox kopiert; sie arbeitet auf dieser Kopie, und ihre Änderungen erreichen %2 erst, wenn Sie sie annehmen.</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/RunSession.cpp" line="423"/>
        <source>Copied %n files (%1 KiB) into the sandbox; it works on this copy, and its changes reach %2 only when you accept them.</source>
        <translation>
            <numerusform>%n Datei (%1 KiB) in die Sandbox kopiert; sie arbeitet auf dieser Kopie, und ihre Änderungen erreichen %2 erst, wenn Sie sie annehmen.</numerusform>
            <numerusform>%n Dateien (%1 KiB) in die Sandbox kopiert; sie arbeitet auf dieser Kopie, und ihre Änderungen erreichen %2 erst, wenn Sie sie annehmen.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="430"/>
        <source>Not copied: %1 (%2)</source>
        <translation>Nicht kopiert: %1 (%2)</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="466"/>
        <source>The %1 sandbox cannot take snapshots, so risky steps that fail cannot be undone.</source>
        <translation>Die %1-Sandbox kann keine Snapshots anlegen, daher lassen sich fehlgeschlagene riskante Schritte nicht rückgängig machen.</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="476"/>
        <source>Replaying 1 recorded step in the %1 sandbox, without a model.</source>
        <translation>1 aufgezeichneter Schritt wird in der Sandbox %1 abgespielt, ohne Modell.</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="478"/>
        <source>Replaying %1 recorded steps in the %2 sandbox, without a model.</source>
        <translation>%1 aufgezeichnete Schritte werden in der Sandbox %2 abgespielt, ohne Modell.</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="482"/>
        <source>Planner: %1 (%2), executor: %3 (%4), sandbox: %5</source>
        <translation>Planer: %1 (%2), Ausführer: %3 (%4), Sandbox: %5</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="492"/>
        <source>Resuming the run %1 after its last finished step.</source>
        <translation>Lauf %1 wird nach seinem letzten abgeschlossenen Schritt fortgesetzt.</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="507"/>
        <source>The run was cancelled; the sandbox&apos;s changes were not applied to %1.</source>
        <translation>Der Lauf wurde abgebrochen; die Änderungen der Sandbox wurden nicht nach %1 übernommen.</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="555"/>
        <source>The sandbox still runs with %1 mounted: what it changes from now on is checked again when it is let go.</source>
        <translation>Die Sandbox läuft weiter, %1 ist weiter eingebunden: Was sie von jetzt an ändert, wird erneut geprüft, wenn sie freigegeben wird.</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="567"/>
        <source>the sandbox is not running</source>
        <translation>die Sandbox läuft nicht</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="568"/>
        <source>there is no record of what was copied in</source>
        <translation>es gibt keine Aufzeichnung darüber, was hineinkopiert wurde</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="579"/>
        <source>The sandbox&apos;s changes could not be collected (%1); nothing was applied to %2.</source>
        <translation>Die Änderungen der Sandbox konnten nicht eingesammelt werden (%1); nichts wurde nach %2 übernommen.</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="587"/>
        <source>The sandbox changed nothing in the workspace.</source>
        <translation>Die Sandbox hat im Arbeitsordner nichts geändert.</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="599"/>
        <source>1 change in the sandbox was not applied to %1:</source>
        <translation>1 Änderung in der Sandbox wurde nicht nach %1 übernommen:</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/RunSession.cpp" line="600"/>
        <source>%n changes in the sandbox were not applied to %1:</source>
        <translation>
            <numerusform>%n Änderung in der Sandbox wurde nicht nach %1 übernommen:</numerusform>
            <numerusform>%n Änderungen in der Sandbox wurden nicht nach %1 übernommen:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/RunSession.cpp" line="608"/>
        <source>  ... and %n more</source>
        <translation>
            <numerusform>  ... und %n weitere</numerusform>
            <numerusform>  ... und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="631"/>
        <source>The sandbox&apos;s changes could not be collected: %1</source>
        <translation>Die Änderungen der Sandbox konnten nicht eingesammelt werden: %1</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="637"/>
        <source>The sandbox has no changes that are not in %1.</source>
        <translation>Die Sandbox hat keine Änderungen, die nicht schon in %1 sind.</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="653"/>
        <source>The changes could not be applied to %1: %2</source>
        <translation>Die Änderungen konnten nicht nach %1 übernommen werden: %2</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="657"/>
        <source>Applied 1 change to %1.</source>
        <translation>1 Änderung nach %1 übernommen.</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/RunSession.cpp" line="658"/>
        <source>Applied %n changes to %1.</source>
        <translation>
            <numerusform>%n Änderung nach %1 übernommen.</numerusform>
            <numerusform>%n Änderungen nach %1 übernommen.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="663"/>
        <source>Not applied: %1 (%2)</source>
        <translation>Nicht übernommen: %1 (%2)</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="677"/>
        <source>1 change in the sandbox was not applied to %1.</source>
        <translation>1 Änderung in der Sandbox wurde nicht nach %1 übernommen.</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/RunSession.cpp" line="678"/>
        <source>%n changes in the sandbox were not applied to %1.</source>
        <translation>
            <numerusform>%n Änderung in der Sandbox wurde nicht nach %1 übernommen.</numerusform>
            <numerusform>%n Änderungen in der Sandbox wurden nicht nach %1 übernommen.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="699"/>
        <source>Another step is being undone.</source>
        <translation>Ein anderer Schritt wird gerade rückgängig gemacht.</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="701"/>
        <source>The sandbox is no longer there to roll back.</source>
        <translation>Die Sandbox ist nicht mehr da, um sie zurückzusetzen.</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="703"/>
        <source>The workspace is being transferred; try again when it is done.</source>
        <translation>Der Arbeitsordner wird gerade übertragen; versuchen Sie es erneut, wenn das fertig ist.</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="704"/>
        <source>There is no snapshot from before this step.</source>
        <translation>Es gibt keinen Snapshot von vor diesem Schritt.</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="713"/>
        <source>Undoing step %1: rolling the sandbox back to its snapshot...</source>
        <translation>Schritt %1 wird rückgängig gemacht: Die Sandbox wird auf ihren Snapshot zurückgesetzt...</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="722"/>
        <source>Step %1 could not be undone: %2</source>
        <translation>Schritt %1 konnte nicht rückgängig gemacht werden: %2</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="737"/>
        <source>Step %1 undone in %2 ms: the sandbox is as it was before it.</source>
        <translation>Schritt %1 in %2 ms rückgängig gemacht: Die Sandbox ist wieder so wie vor ihm.</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="741"/>
        <source>Step %1 undone in %2 ms: the container&apos;s files are as they were before it. The workspace %3 is mounted from this computer and was not rolled back.</source>
        <translation>Schritt %1 in %2 ms rückgängig gemacht: die Dateien des Containers sind wie vor ihm. Der Arbeitsbereich %3 ist von diesem Computer eingebunden und wurde nicht zurückgesetzt.</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="783"/>
        <source>Your answer is not kept with the run: %1</source>
        <translation>Ihre Antwort wird nicht mit dem Lauf gespeichert: %1</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="809"/>
        <source>Cancelled by the user</source>
        <translation>Vom Benutzer abgebrochen</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="815"/>
        <source>Interrupted; exited without waiting</source>
        <translation>Unterbrochen; ohne Warten beendet</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="851"/>
        <source>The run&apos;s folder %1 was removed: the run left nothing in it.</source>
        <translation>Der Ordner %1 des Laufs wurde entfernt: der Lauf hat nichts darin hinterlassen.</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="884"/>
        <source>The sandbox %1 keeps running; attach to it with --sandbox-name %1, remove it with --remove-sandbox %1.</source>
        <translation>Die Sandbox %1 läuft weiter; verbinden mit --sandbox-name %1, entfernen mit --remove-sandbox %1.</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="949"/>
        <source>The run&apos;s sandbox is not running.</source>
        <translation>Die Sandbox des Laufs läuft nicht.</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="962"/>
        <source>This run&apos;s sandbox is the host: a terminal there is a shell on this computer with no isolation, whose commands pass no safety check. Control clients get one only with &quot;Let clients open terminals in runs on the host&quot; turned on (Settings &gt; Remote control, or host_terminals=true in the [control] section of the configuration file).</source>
        <translation>Die Sandbox dieses Laufs ist der Host: Ein Terminal dort ist eine Shell auf diesem Computer ohne Isolation, deren Befehle keine Sicherheitsprüfung durchlaufen. Steuerungs-Clients bekommen eines nur, wenn „Clients erlauben, Terminals in Läufen auf dem Host zu öffnen“ eingeschaltet ist (Einstellungen &gt; Fernsteuerung, oder host_terminals=true im Abschnitt [control] der Konfigurationsdatei).</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="1021"/>
        <source>Cannot create %1</source>
        <translation>%1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="1053"/>
        <source>The run store is closed.</source>
        <translation>Der Laufspeicher ist geschlossen.</translation>
    </message>
    <message>
        <location filename="../app/SandboxFactory.cpp" line="62"/>
        <source>Unknown sandbox &quot;%1&quot;: use podman, libvirt or host.</source>
        <translation>Unbekannte Sandbox &quot;%1&quot;: Verwenden Sie podman, libvirt oder host.</translation>
    </message>
    <message>
        <location filename="../app/SandboxFactory.cpp" line="82"/>
        <source>Unknown sandbox &quot;%1&quot;.</source>
        <translation>Unbekannte Sandbox &quot;%1&quot;.</translation>
    </message>
    <message>
        <location filename="../app/SandboxTool.cpp" line="69"/>
        <source>The %1 sandbox image is ready.</source>
        <translation>Das %1-Sandbox-Image ist bereit.</translation>
    </message>
    <message>
        <location filename="../app/SandboxTool.cpp" line="130"/>
        <source>No Terrarium sandboxes.</source>
        <translation>Keine Terrarium-Sandboxen.</translation>
    </message>
    <message>
        <location filename="../app/SandboxTool.cpp" line="137"/>
        <source>NAME</source>
        <translation>NAME</translation>
    </message>
    <message>
        <location filename="../app/SandboxTool.cpp" line="138"/>
        <source>STATE</source>
        <translation>ZUSTAND</translation>
    </message>
    <message>
        <location filename="../app/SandboxTool.cpp" line="139"/>
        <source>IN USE</source>
        <translation>IN VERWENDUNG</translation>
    </message>
    <message>
        <location filename="../app/SandboxTool.cpp" line="140"/>
        <source>NETWORK</source>
        <translation>NETZWERK</translation>
    </message>
    <message>
        <location filename="../app/SandboxTool.cpp" line="141"/>
        <source>WORKSPACE</source>
        <translation>ARBEITSORDNER</translation>
    </message>
    <message>
        <location filename="../app/SandboxTool.cpp" line="147"/>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <location filename="../app/SandboxTool.cpp" line="147"/>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <location filename="../app/SandboxTool.cpp" line="162"/>
        <source>Removed %1.</source>
        <translation>%1 entfernt.</translation>
    </message>
    <message>
        <location filename="../app/SandboxTool.cpp" line="173"/>
        <source>There is no Terrarium sandbox named %1.</source>
        <translation>Es gibt keine Terrarium-Sandbox namens %1.</translation>
    </message>
    <message>
        <location filename="../app/SandboxTool.cpp" line="182"/>
        <source>The runs are not named: %1</source>
        <translation>Die Läufe können nicht benannt werden: %1</translation>
    </message>
    <message>
        <location filename="../app/SandboxTool.cpp" line="189"/>
        <source>No sandboxes left behind by earlier runs.</source>
        <translation>Keine von früheren Läufen zurückgelassenen Sandboxen.</translation>
    </message>
    <message>
        <location filename="../app/SandboxTool.cpp" line="196"/>
        <source>Removed %1</source>
        <translation>%1 entfernt</translation>
    </message>
    <message>
        <location filename="../app/SandboxTool.cpp" line="203"/>
        <source>Could not remove %1: %2</source>
        <translation>%1 konnte nicht entfernt werden: %2</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="123"/>
        <source>This run&apos;s sandbox works in the folder itself; there is nothing to review.</source>
        <translation>Die Sandbox dieses Laufs arbeitet im Ordner selbst; es gibt nichts zu prüfen.</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="229"/>
        <source>Remote control is off.</source>
        <translation>Die Fernsteuerung ist aus.</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="246"/>
        <location filename="../app/WindowController.cpp" line="262"/>
        <source>Remote control is off: %1</source>
        <translation>Die Fernsteuerung ist aus: %1</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="274"/>
        <source>Remote control on %1 (docs/CONTROL_API.md).</source>
        <translation>Fernsteuerung auf %1 (docs/CONTROL_API.md).</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="283"/>
        <source>The run %1 is not going on in this window.</source>
        <translation>Der Lauf %1 läuft nicht in diesem Fenster.</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="294"/>
        <source>A run is going on in the window; one at a time.</source>
        <translation>Im Fenster ist ein Lauf im Gange; nur einer zur selben Zeit.</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="305"/>
        <source>open the task file in the window</source>
        <translation>öffnen Sie die Aufgabendatei im Fenster</translation>
    </message>
    <message>
        <source>The window&apos;s sandbox is host (no isolation) because the task file on show asks for it; a run a program starts does not get that. Pick the sandbox in the window yourself, or dismiss the task file.</source>
        <translation type="vanished">Die Sandbox des Fensters ist host (keine Isolation), weil die angezeigte Aufgabendatei das verlangt; ein Lauf, den ein Programm startet, bekommt das nicht. Wählen Sie die Sandbox im Fenster selbst, oder verwerfen Sie die Aufgabendatei.</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="316"/>
        <source>The run could not start; the window says why.</source>
        <translation>Der Lauf konnte nicht starten; das Fenster zeigt, warum.</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="354"/>
        <source>The run %1 is not the window&apos;s.</source>
        <translation>Der Lauf %1 gehört nicht zu diesem Fenster.</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="430"/>
        <source>Removed the sandbox %1 an earlier run left behind.</source>
        <translation>Die von einem früheren Lauf zurückgelassene Sandbox %1 wurde entfernt.</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="435"/>
        <source>Could not remove the sandbox %1: %2</source>
        <translation>Die Sandbox %1 konnte nicht entfernt werden: %2</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="448"/>
        <source>Sandboxes Left Behind</source>
        <translation>Zurückgelassene Sandboxen</translation>
    </message>
    <message>
        <source>An earlier run that did not end left its sandbox running. Remove it?</source>
        <translation type="vanished">Ein früherer Lauf, der nicht endete, hat seine Sandbox laufen lassen. Entfernen?</translation>
    </message>
    <message>
        <source>Earlier runs that did not end left their sandboxes running. Remove them?</source>
        <translation type="vanished">Frühere Läufe, die nicht endeten, haben ihre Sandboxen laufen lassen. Entfernen?</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="449"/>
        <source>Remove this sandbox?</source>
        <translation>Diese Sandbox entfernen?</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="450"/>
        <source>Remove these sandboxes?</source>
        <translation>Diese Sandboxen entfernen?</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="454"/>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="467"/>
        <source>Resume Run</source>
        <translation>Lauf fortsetzen</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="467"/>
        <source>Resume Newest Run</source>
        <translation>Neuesten Lauf fortsetzen</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="471"/>
        <source>Continue run %1 in its sandbox from the step it did not finish</source>
        <translation>Lauf %1 in seiner Sandbox ab dem Schritt fortsetzen, der nicht fertig wurde</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="477"/>
        <source>Keep</source>
        <translation>Behalten</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="504"/>
        <source>tick the box next to it in the task file&apos;s panel</source>
        <translation>setzen Sie den Haken daneben im Bereich der Aufgabendatei</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="561"/>
        <source>The task file&apos;s folder is not used as the workspace: %1</source>
        <translation>Der Ordner der Aufgabendatei wird nicht als Arbeitsordner verwendet: %1</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="570"/>
        <source>Task file loaded: check what it asks for, then press Run.</source>
        <translation>Aufgabendatei geladen: Prüfen Sie, was sie verlangt, und drücken Sie dann Ausführen.</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="581"/>
        <source>%1 has no steps, so it is not a runbook; a runbook is exported from a run that succeeded.</source>
        <translation>%1 hat keine Schritte und ist daher kein Runbook; ein Runbook wird aus einem erfolgreichen Lauf exportiert.</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="594"/>
        <source>A runbook of 1 recorded step: Run replays it without a model and stops if its exit code differs from the recorded one.</source>
        <translation>Ein Runbook mit 1 aufgezeichneten Schritt: Ausführen spielt ihn ohne Modell ab und hält an, wenn sein Exit-Code vom aufgezeichneten abweicht.</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="596"/>
        <source>A runbook of %1 recorded steps: Run replays them without a model and stops at the first whose exit code differs from the recorded one.</source>
        <translation>Ein Runbook mit %1 aufgezeichneten Schritten: Ausführen spielt sie ohne Modell ab und hält beim ersten an, dessen Exit-Code vom aufgezeichneten abweicht.</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="604"/>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="607"/>
        <source>    (expected to exit with %1)</source>
        <translation>    (sollte mit %1 enden)</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="614"/>
        <source>Runbook loaded: check what it asks for, then press Run.</source>
        <translation>Runbook geladen: prüfen Sie, was es verlangt, und drücken Sie dann Ausführen.</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="635"/>
        <source>The run store cannot be opened, so no run can be resumed.</source>
        <translation>Der Laufspeicher kann nicht geöffnet werden, daher kann kein Lauf fortgesetzt werden.</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="715"/>
        <source>removed: the run left nothing in it</source>
        <translation>entfernt: der Lauf hat nichts darin hinterlassen</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="747"/>
        <source>The sandbox was rolled back to before step %1; open a new terminal.</source>
        <translation>Die Sandbox wurde auf den Stand vor Schritt %1 zurückgesetzt; öffnen Sie ein neues Terminal.</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="765"/>
        <source>Preparing the sandbox…</source>
        <translation>Die Sandbox wird vorbereitet…</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="837"/>
        <source>Settings saved.</source>
        <translation>Einstellungen gespeichert.</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="860"/>
        <source>Another User&apos;s Model Server</source>
        <translation>Modellserver eines anderen Benutzers</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="861"/>
        <source>The model server at %1 is run by %2, not by you. Use it for your runs?</source>
        <translation>Der Modellserver an %1 wird von %2 betrieben, nicht von Ihnen. Für Ihre Läufe verwenden?</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="866"/>
        <source>It would see each run&apos;s goal, files and outputs, and choose the commands that run. A yes is kept in %1 for this address and this user only.</source>
        <translation>Er sähe Ziel, Dateien und Ausgaben jedes Laufs und würde die Befehle wählen, die laufen. Ein Ja wird in %1 nur für diese Adresse und diesen Benutzer gespeichert.</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="869"/>
        <source>Use It</source>
        <translation>Verwenden</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="871"/>
        <source>Don&apos;t Use</source>
        <translation>Nicht verwenden</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="877"/>
        <source>The model server at %1 is confirmed; press Run to use it.</source>
        <translation>Der Modellserver an %1 ist bestätigt; drücken Sie Ausführen, um ihn zu verwenden.</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="888"/>
        <source>No sandbox is running: start a run, then open a terminal into its sandbox.</source>
        <translation>Keine Sandbox läuft: Starten Sie einen Lauf und öffnen Sie dann ein Terminal in seiner Sandbox.</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="894"/>
        <source>Cannot open a terminal in the sandbox: %1</source>
        <translation>In der Sandbox kann kein Terminal geöffnet werden: %1</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="905"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="910"/>
        <source>Terminal %1 — %2</source>
        <translation>Terminal %1 — %2</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="937"/>
        <source>No sandbox is running: start a run, then open its console.</source>
        <translation>Keine Sandbox läuft: Starten Sie einen Lauf und öffnen Sie dann seine Konsole.</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="945"/>
        <source>Console — %1</source>
        <translation>Konsole — %1</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="961"/>
        <source>The sandbox %1 was removed when the next run started.</source>
        <translation>Die Sandbox %1 wurde beim Start des nächsten Laufs entfernt.</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="997"/>
        <source>No model is set up yet: open Preferences and fill in the planner&apos;s server and model (or an API key), or start a local Ollama or llama.cpp server; the executor uses the same unless you set it apart.</source>
        <translation>Noch ist kein Modell eingerichtet: Öffnen Sie die Einstellungen und tragen Sie Server und Modell des Planers ein (oder einen API-Schlüssel), oder starten Sie einen lokalen Ollama- oder llama.cpp-Server; der Ausführer verwendet dasselbe, solange Sie ihn nicht getrennt einstellen.</translation>
    </message>
    <message>
        <source>No model is set up yet: open Preferences and fill in the planner&apos;s server and model (or an API key); the executor uses the same unless you set it apart.</source>
        <translation type="vanished">Noch ist kein Modell eingerichtet: Öffnen Sie die Einstellungen und tragen Sie Server und Modell des Planers ein (oder einen API-Schlüssel); der Ausführer verwendet dasselbe, solange Sie ihn nicht getrennt einstellen.</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="1003"/>
        <source>The executor has no server: open Preferences and fill in its server and model, or tick &quot;Same as the planner&quot;.</source>
        <translation>Der Ausführer hat keinen Server: Öffnen Sie die Einstellungen und tragen Sie Server und Modell ein, oder setzen Sie „Wie der Planer“.</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="1007"/>
        <source>The %1 has no model: open Preferences and name the model its server serves.</source>
        <translation>Der %1 hat kein Modell: Öffnen Sie die Einstellungen und nennen Sie das Modell, das sein Server anbietet.</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="1034"/>
        <source>no server and no API key are set, so a run would look for a local Ollama or llama.cpp server (Detect local server finds it and fills in the fields)</source>
        <translation>weder Server noch API-Schlüssel sind gesetzt, also würde ein Lauf nach einem lokalen Ollama- oder llama.cpp-Server suchen (Lokalen Server suchen findet ihn und füllt die Felder aus)</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="1057"/>
        <source>The next runs work on a copy of the workspace (Preferences, Sandbox): Undo puts it back too, and changes reach the folder after your review.</source>
        <translation>Die nächsten Läufe arbeiten auf einer Kopie des Arbeitsbereichs (Einstellungen, Sandbox): Rückgängig setzt auch sie zurück, und Änderungen erreichen den Ordner erst nach Ihrer Prüfung.</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="1088"/>
        <source>The sandbox %1 was removed when its run ended.</source>
        <translation>Die Sandbox %1 wurde entfernt, als ihr Lauf endete.</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="1102"/>
        <source>Run succeeded</source>
        <translation>Lauf erfolgreich</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="1105"/>
        <source>Run cancelled</source>
        <translation>Lauf abgebrochen</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="1108"/>
        <source>Run failed</source>
        <translation>Lauf fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="1114"/>
        <source>succeeded</source>
        <translation>war erfolgreich</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="1116"/>
        <source>was cancelled</source>
        <translation>wurde abgebrochen</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="1117"/>
        <source>failed</source>
        <translation>ist fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../app/ControlHost.cpp" line="68"/>
        <source>The control API needs the run store: %1</source>
        <translation>Die Steuerungs-API braucht den Laufspeicher: %1</translation>
    </message>
    <message>
        <location filename="../app/ControlHost.cpp" line="90"/>
        <source>Terrarium control API on %1 (token: %2)</source>
        <translation>Terrarium-Steuerungs-API auf %1 (Token: %2)</translation>
    </message>
    <message>
        <location filename="../app/ControlHost.cpp" line="98"/>
        <source>Terrarium is stopping.</source>
        <translation>Terrarium wird beendet.</translation>
    </message>
    <message>
        <location filename="../app/ControlHost.cpp" line="101"/>
        <source>A run is going on (%1); one at a time.</source>
        <translation>Ein Lauf ist im Gange (%1); nur einer zur selben Zeit.</translation>
    </message>
    <message>
        <source>the task</source>
        <translation type="vanished">die Aufgabe</translation>
    </message>
    <message>
        <location filename="../app/ControlHost.cpp" line="118"/>
        <source>start terrarium --serve with --yes</source>
        <translation>starten Sie terrarium --serve mit --yes</translation>
    </message>
    <message>
        <location filename="../app/ControlHost.cpp" line="139"/>
        <source>The run could not start; see Terrarium&apos;s log.</source>
        <translation>Der Lauf konnte nicht starten; siehe das Protokoll von Terrarium.</translation>
    </message>
    <message>
        <location filename="../app/ControlHost.cpp" line="155"/>
        <source>The run %1 is not going on here.</source>
        <translation>Der Lauf %1 läuft hier nicht.</translation>
    </message>
    <message>
        <location filename="../app/ControlHost.cpp" line="158"/>
        <location filename="../app/WindowController.cpp" line="286"/>
        <source>The run %1 has ended.</source>
        <translation>Der Lauf %1 ist beendet.</translation>
    </message>
    <message>
        <location filename="../app/ControlHost.cpp" line="169"/>
        <location filename="../app/WindowController.cpp" line="329"/>
        <source>Step %1 waits for no approval.</source>
        <translation>Schritt %1 wartet auf keine Freigabe.</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="760"/>
        <location filename="../app/RunSession.cpp" line="769"/>
        <source>Step %1 waits for no input.</source>
        <translation>Schritt %1 wartet auf keine Eingabe.</translation>
    </message>
    <message>
        <location filename="../app/ControlHost.cpp" line="214"/>
        <source>Interrupted; cancelling the run (press Ctrl+C again to exit at once)...</source>
        <translation>Unterbrochen; der Lauf wird abgebrochen (erneut Strg+C drücken, um sofort zu beenden)...</translation>
    </message>
    <message>
        <location filename="../app/HeadlessOutput.cpp" line="32"/>
        <source>Models: %1</source>
        <translation>Modelle: %1</translation>
    </message>
</context>
<context>
    <name>Terrarium::Core</name>
    <message>
        <location filename="../core/agent/CommandGuard.cpp" line="84"/>
        <location filename="../core/agent/CommandGuard.cpp" line="109"/>
        <source>the command is empty</source>
        <translation>der Befehl ist leer</translation>
    </message>
    <message>
        <location filename="../core/agent/CommandGuard.cpp" line="94"/>
        <source>the command contains the control or invisible character %1; a command must be plain text (tabs and newlines are fine), so that what is shown is what runs</source>
        <translation>der Befehl enthält das Steuer- oder unsichtbare Zeichen %1; ein Befehl muss reiner Text sein (Tabulatoren und Zeilenumbrüche sind erlaubt), damit das Angezeigte auch das Ausgeführte ist</translation>
    </message>
    <message>
        <location filename="../core/agent/CommandGuard.cpp" line="112"/>
        <source>the command spans several lines; it must be one line</source>
        <translation>der Befehl erstreckt sich über mehrere Zeilen; er muss eine Zeile sein</translation>
    </message>
    <message>
        <location filename="../core/agent/CommandGuard.cpp" line="88"/>
        <location filename="../core/agent/CommandGuard.cpp" line="115"/>
        <source>the command contains a NUL character</source>
        <translation>der Befehl enthält ein NUL-Zeichen</translation>
    </message>
    <message>
        <location filename="../core/agent/CommandGuard.cpp" line="118"/>
        <source>the command contains the control or invisible character %1 at position %2; a command must be plain text, so that what is shown is what runs</source>
        <translation>der Befehl enthält das Steuer- oder unsichtbare Zeichen %1 an Position %2; ein Befehl muss reiner Text sein, damit das Angezeigte auch das Ausgeführte ist</translation>
    </message>
    <message>
        <location filename="../core/agent/CommandGuard.cpp" line="101"/>
        <location filename="../core/agent/CommandGuard.cpp" line="125"/>
        <source>the command is longer than %1 characters</source>
        <translation>der Befehl ist länger als %1 Zeichen</translation>
    </message>
    <message>
        <location filename="../core/agent/CommandTranslator.cpp" line="53"/>
        <source>it did not call the emit_bash tool</source>
        <translation>es hat das Werkzeug emit_bash nicht aufgerufen</translation>
    </message>
    <message>
        <location filename="../core/agent/CommandTranslator.cpp" line="58"/>
        <source>the %1 arguments are not a JSON object</source>
        <translation>die Argumente von %1 sind kein JSON-Objekt</translation>
    </message>
    <message>
        <location filename="../core/agent/CommandTranslator.cpp" line="64"/>
        <source>the read_output call has no step number</source>
        <translation>der Aufruf von read_output nennt keine Schrittnummer</translation>
    </message>
    <message>
        <location filename="../core/agent/CommandTranslator.cpp" line="70"/>
        <source>the emit_bash call has no &quot;command&quot; string</source>
        <translation>der Aufruf von emit_bash hat keinen &quot;command&quot;-String</translation>
    </message>
    <message>
        <location filename="../core/agent/CommandTranslator.cpp" line="86"/>
        <source>The executor model (%1) did not return a usable command twice: %2</source>
        <translation>Das Ausführer-Modell (%1) hat zweimal keinen brauchbaren Befehl geliefert: %2</translation>
    </message>
    <message numerus="yes">
        <location filename="../core/agent/Orchestrator.cpp" line="48"/>
        <source>%n minute(s)</source>
        <translation>
            <numerusform>%n Minute</numerusform>
            <numerusform>%n Minuten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../core/agent/Orchestrator.cpp" line="49"/>
        <source>%n second(s)</source>
        <translation>
            <numerusform>%n Sekunde</numerusform>
            <numerusform>%n Sekunden</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="118"/>
        <location filename="../core/agent/Orchestrator.cpp" line="287"/>
        <location filename="../core/agent/Orchestrator.cpp" line="833"/>
        <location filename="../core/agent/Orchestrator.cpp" line="885"/>
        <source>Cancelled by the user</source>
        <translation>Vom Benutzer abgebrochen</translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="254"/>
        <source>Terrarium stopped while this step ran; its effects may be partial.</source>
        <translation>Terrarium wurde beendet, während dieser Schritt lief; seine Wirkung ist womöglich unvollständig.</translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="298"/>
        <source>denied by the user</source>
        <translation>vom Benutzer abgelehnt</translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="353"/>
        <source>Planning failed: %1</source>
        <translation>Planung fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="365"/>
        <source>The run reached its limit of %1 steps.</source>
        <translation>Der Lauf hat seine Grenze von %1 Schritten erreicht.</translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="383"/>
        <source>The runbook&apos;s step %1 cannot run: %2</source>
        <translation>Schritt %1 des Runbooks kann nicht laufen: %2</translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="631"/>
        <source>denied by the safety policy: %1</source>
        <translation>von den Sicherheitsregeln abgelehnt: %1</translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="670"/>
        <source>Could not get a command for the step &quot;%1&quot;: %2</source>
        <translation>Für den Schritt &quot;%1&quot; konnte kein Befehl ermittelt werden: %2</translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="842"/>
        <source>The sandbox failed during the step &quot;%1&quot;: %2</source>
        <translation>Die Sandbox ist während des Schritts &quot;%1&quot; ausgefallen: %2</translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="873"/>
        <source>the workspace has more files or levels than the check looks at, or parts of it cannot be read</source>
        <translation>der Arbeitsordner hat mehr Dateien oder Ebenen, als die Prüfung ansieht, oder Teile davon sind nicht lesbar</translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="903"/>
        <source>stopped: the sandbox&apos;s disk use grew to %1 MiB, past its limit of %2 MiB</source>
        <translation>angehalten: Der Plattenverbrauch der Sandbox stieg auf %1 MiB, über ihre Grenze von %2 MiB</translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="908"/>
        <source>stopped: the sandbox&apos;s processes together used more than its memory limit of %1 MiB</source>
        <translation>angehalten: Die Prozesse der Sandbox haben zusammen mehr als ihre Speichergrenze von %1 MiB belegt</translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="913"/>
        <source>timed out after %1</source>
        <translation>Zeitüberschreitung nach %1</translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="916"/>
        <source>killed by signal %1</source>
        <translation>durch Signal %1 beendet</translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="918"/>
        <source>exited with code %1</source>
        <translation>mit Code %1 beendet</translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="960"/>
        <source>This exact command already timed out in step %1; it was not run again. Change the command or the approach.</source>
        <translation>Genau dieser Befehl hat in Schritt %1 schon die Zeit überschritten; er wurde nicht erneut ausgeführt. Ändern Sie den Befehl oder das Vorgehen.</translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="963"/>
        <source>This exact command already failed with exit code %1 in step %2; it was not run again. Change the command or the approach.</source>
        <translation>Genau dieser Befehl ist in Schritt %2 schon mit Exit-Code %1 fehlgeschlagen; er wurde nicht erneut ausgeführt. Ändern Sie den Befehl oder das Vorgehen.</translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="1025"/>
        <source>The step &quot;%1&quot; failed and could not be undone: %2 (%3)</source>
        <translation>Der Schritt &quot;%1&quot; ist fehlgeschlagen und konnte nicht rückgängig gemacht werden: %2 (%3)</translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="1044"/>
        <source>The step&apos;s changes outside the workspace were undone: the sandbox&apos;s own files were put back as they were before the step. The workspace folder is mounted from the user&apos;s computer and was not rolled back: what the step changed in it is still changed.</source>
        <translation>Die Änderungen des Schritts außerhalb des Arbeitsbereichs wurden rückgängig gemacht: die eigenen Dateien der Sandbox sind wieder wie vor dem Schritt. Der Arbeitsbereich ist vom Computer des Benutzers eingebunden und wurde nicht zurückgesetzt: was der Schritt darin geändert hat, ist weiterhin geändert.</translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="1048"/>
        <source>The step&apos;s changes were undone: the sandbox was put back as it was before the step.</source>
        <translation>Die Änderungen des Schritts wurden rückgängig gemacht: Die Sandbox ist wieder so wie vor dem Schritt.</translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="1060"/>
        <source>The replay stopped: %1.</source>
        <translation>Die Wiedergabe wurde angehalten: %1.</translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="1067"/>
        <source>The step &quot;%1&quot; failed, and re-planning is off: %2</source>
        <translation>Der Schritt &quot;%1&quot; ist fehlgeschlagen, und Neuplanen ist ausgeschaltet: %2</translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="1072"/>
        <source>The step &quot;%1&quot; failed and the limit of %2 re-plans is reached: %3</source>
        <translation>Der Schritt &quot;%1&quot; ist fehlgeschlagen, und die Grenze von %2 Neuplanungen ist erreicht: %3</translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="1080"/>
        <source>The step &quot;%1&quot; failed and the run reached its limit of %2 steps: %3</source>
        <translation>Der Schritt &quot;%1&quot; ist fehlgeschlagen, und der Lauf hat seine Grenze von %2 Schritten erreicht: %3</translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="1190"/>
        <source>step %1 timed out after %2; the runbook expects exit code %3</source>
        <translation>Schritt %1 lief nach %2 in eine Zeitüberschreitung; das Runbook erwartet Exit-Code %3</translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="1195"/>
        <source>step %1 was stopped at the sandbox&apos;s limits; the runbook expects exit code %2</source>
        <translation>Schritt %1 wurde an den Grenzen der Sandbox angehalten; das Runbook erwartet Exit-Code %2</translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="1200"/>
        <source>step %1 exited %2; the runbook expects %3</source>
        <translation>Schritt %1 endete mit %2; das Runbook erwartet %3</translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="1205"/>
        <source>A recorded runbook was being replayed and diverged here: %1. The steps before it ran as recorded.</source>
        <translation>Ein aufgezeichnetes Runbook wurde abgespielt und wich hier ab: %1. Die Schritte davor liefen wie aufgezeichnet.</translation>
    </message>
    <message>
        <location filename="../core/agent/Planner.cpp" line="47"/>
        <source>the answer was empty</source>
        <translation>die Antwort war leer</translation>
    </message>
    <message>
        <location filename="../core/agent/Planner.cpp" line="48"/>
        <source>no list of steps was found in it</source>
        <translation>darin wurde keine Liste von Schritten gefunden</translation>
    </message>
    <message>
        <location filename="../core/agent/Planner.cpp" line="60"/>
        <source>The planner model (%1) did not return a usable plan twice: %2</source>
        <translation>Das Planer-Modell (%1) hat zweimal keinen brauchbaren Plan geliefert: %2</translation>
    </message>
    <message>
        <location filename="../core/config/ConfigLoader.cpp" line="47"/>
        <location filename="../core/config/ConfigLoader.cpp" line="277"/>
        <source>&quot;%1&quot; in %2</source>
        <translation>&quot;%1&quot; in %2</translation>
    </message>
    <message>
        <location filename="../core/agent/RunSummary.cpp" line="191"/>
        <location filename="../core/config/ConfigLoader.cpp" line="101"/>
        <source>planner</source>
        <translation>Planer</translation>
    </message>
    <message>
        <location filename="../core/agent/RunSummary.cpp" line="192"/>
        <location filename="../core/config/ConfigLoader.cpp" line="101"/>
        <source>executor</source>
        <translation>Ausführer</translation>
    </message>
    <message>
        <location filename="../core/agent/RunSummary.cpp" line="195"/>
        <source>%1: 1 request, </source>
        <translation>%1: 1 Anfrage, </translation>
    </message>
    <message>
        <location filename="../core/agent/RunSummary.cpp" line="196"/>
        <source>%1: %2 requests, </source>
        <translation>%1: %2 Anfragen, </translation>
    </message>
    <message>
        <location filename="../core/agent/RunSummary.cpp" line="197"/>
        <source>%1 tokens in (%2 from the cache), %3 out</source>
        <translation>%1 Token hinein (%2 aus dem Cache), %3 heraus</translation>
    </message>
    <message>
        <location filename="../core/agent/RunSummary.cpp" line="200"/>
        <source>%1 tokens in, %2 out</source>
        <translation>%1 Token hinein, %2 heraus</translation>
    </message>
    <message>
        <location filename="../core/agent/RunSummary.cpp" line="203"/>
        <source>, %1 s waiting</source>
        <translation>, %1 s gewartet</translation>
    </message>
    <message>
        <location filename="../core/agent/RunSummary.cpp" line="205"/>
        <source>, $%1</source>
        <translation>, %1 $</translation>
    </message>
    <message>
        <location filename="../core/config/ConfigLoader.cpp" line="123"/>
        <source>Unknown provider &quot;%1&quot; (from %2): use responses, chat or anthropic.</source>
        <translation>Unbekannter Anbieter &quot;%1&quot; (Quelle: %2): Verwenden Sie responses, chat oder anthropic.</translation>
    </message>
    <message>
        <location filename="../core/config/ConfigLoader.cpp" line="145"/>
        <source>&quot;%1&quot; (from %2) is not an http or https URL.</source>
        <translation>&quot;%1&quot; (Quelle: %2) ist keine http- oder https-URL.</translation>
    </message>
    <message>
        <source>No model is set for the %1 at %2: pass --%3-model or set TERRARIUM_%4_MODEL.</source>
        <translation type="vanished">Für den %1 bei %2 ist kein Modell festgelegt: Geben Sie --%3-model an oder setzen Sie TERRARIUM_%4_MODEL.</translation>
    </message>
    <message>
        <location filename="../core/config/ConfigLoader.cpp" line="177"/>
        <source>No model is set for the %1 at %2: name one in Preferences, pass --%3-model or set TERRARIUM_%4_MODEL.</source>
        <translation>Für den %1 unter %2 ist kein Modell gesetzt: Nennen Sie eines in den Einstellungen, übergeben Sie --%3-model oder setzen Sie TERRARIUM_%4_MODEL.</translation>
    </message>
    <message>
        <location filename="../core/config/ConfigLoader.cpp" line="213"/>
        <source>%1 must be a whole number from %2 to %3, not &quot;%4&quot;.</source>
        <translation>%1 muss eine ganze Zahl von %2 bis %3 sein, nicht &quot;%4&quot;.</translation>
    </message>
    <message>
        <location filename="../core/config/ConfigLoader.cpp" line="235"/>
        <source>%1 must be true or false, not &quot;%2&quot;.</source>
        <translation>%1 muss true oder false sein, nicht „%2“.</translation>
    </message>
    <message>
        <location filename="../core/config/ConfigLoader.cpp" line="288"/>
        <source>&quot;%1&quot; (from %2) is not a local server to trust: write it as address:port@uid, e.g. 127.0.0.1:11434@1001 or [::1]:8080@1001.</source>
        <translation>&quot;%1&quot; (aus %2) ist kein lokaler Server, dem vertraut werden kann: Schreiben Sie ihn als Adresse:Port@UID, z. B. 127.0.0.1:11434@1001 oder [::1]:8080@1001.</translation>
    </message>
    <message>
        <location filename="../core/config/ConfigLoader.cpp" line="305"/>
        <source>Unknown sandbox &quot;%1&quot; (from %2): use podman, libvirt or host.</source>
        <translation>Unbekannte Sandbox &quot;%1&quot; (Quelle: %2): Verwenden Sie podman, libvirt oder host.</translation>
    </message>
    <message>
        <location filename="../core/config/ConfigLoader.cpp" line="336"/>
        <source>The Debian mirror &quot;%1&quot; (from %2) is not an http://, https:// or file:// URL.</source>
        <translation>Der Debian-Mirror &quot;%1&quot; (Quelle: %2) ist keine http://-, https://- oder file://-URL.</translation>
    </message>
    <message>
        <location filename="../core/config/ConfigLoader.cpp" line="351"/>
        <source>Unknown network policy &quot;%1&quot; (from %2): use none or outbound.</source>
        <translation>Unbekannte Netzwerkregel &quot;%1&quot; (Quelle: %2): Verwenden Sie none oder outbound.</translation>
    </message>
    <message>
        <location filename="../core/config/ConfigLoader.cpp" line="364"/>
        <source>Unknown workspace mode &quot;%1&quot; (from %2): use mount or copy.</source>
        <translation>Unbekannter Arbeitsordner-Modus &quot;%1&quot; (Quelle: %2): Verwenden Sie mount oder copy.</translation>
    </message>
    <message>
        <location filename="../core/config/ConfigLoader.cpp" line="424"/>
        <source>%1 in %2: %3</source>
        <translation>%1 in %2: %3</translation>
    </message>
    <message>
        <location filename="../core/config/ConfigLoader.cpp" line="462"/>
        <source>Unknown approval policy &quot;%1&quot; (from %2): use ask, safe or all.</source>
        <translation>Unbekannte Freigaberegel &quot;%1&quot; (Quelle: %2): Verwenden Sie ask, safe oder all.</translation>
    </message>
    <message>
        <location filename="../core/config/ConfigLoader.cpp" line="486"/>
        <source>The configuration file %1 does not exist.</source>
        <translation>Die Konfigurationsdatei %1 existiert nicht.</translation>
    </message>
    <message>
        <location filename="../core/config/ConfigLoader.cpp" line="489"/>
        <source>The configuration file %1 is not a file.</source>
        <translation>Die Konfigurationsdatei %1 ist keine Datei.</translation>
    </message>
    <message>
        <location filename="../core/config/ConfigLoader.cpp" line="494"/>
        <source>The configuration file %1 cannot be read: %2</source>
        <translation>Die Konfigurationsdatei %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <location filename="../core/config/ConfigLoader.cpp" line="498"/>
        <source>The configuration file %1 is not a valid INI file.</source>
        <translation>Die Konfigurationsdatei %1 ist keine gültige INI-Datei.</translation>
    </message>
    <message>
        <location filename="../core/config/ConfigLoader.cpp" line="537"/>
        <source>Preferences (%1)</source>
        <translation>Einstellungen (%1)</translation>
    </message>
    <message>
        <location filename="../core/config/ConfigLoader.cpp" line="553"/>
        <source>Preferences</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <location filename="../core/config/ConfigLoader.cpp" line="561"/>
        <source>No language model is configured. Do one of these:
  - set OPENAI_API_KEY (OpenAI, Responses API) or ANTHROPIC_API_KEY (Anthropic);
  - point Terrarium at an OpenAI-compatible server: --base-url URL --planner-model M --executor-model M (or TERRARIUM_BASE_URL, TERRARIUM_MODEL, TERRARIUM_API_KEY);
  - start a local server Terrarium finds by itself: Ollama on localhost:11434 (ollama serve, with a model pulled) or llama.cpp&apos;s llama-server on localhost:8080.</source>
        <translation>Es ist kein Sprachmodell konfiguriert. Tun Sie eines davon:
  - OPENAI_API_KEY (OpenAI, Responses API) oder ANTHROPIC_API_KEY (Anthropic) setzen;
  - Terrarium auf einen OpenAI-kompatiblen Server verweisen: --base-url URL --planner-model M --executor-model M (oder TERRARIUM_BASE_URL, TERRARIUM_MODEL, TERRARIUM_API_KEY);
  - einen lokalen Server starten, den Terrarium selbst findet: Ollama auf localhost:11434 (ollama serve, mit einem heruntergeladenen Modell) oder llama-server von llama.cpp auf localhost:8080.</translation>
    </message>
    <message>
        <location filename="../core/config/KeyStore.cpp" line="20"/>
        <source>the planner API key</source>
        <translation>den API-Schlüssel des Planers</translation>
    </message>
    <message>
        <location filename="../core/config/KeyStore.cpp" line="21"/>
        <source>the executor API key</source>
        <translation>den API-Schlüssel des Ausführers</translation>
    </message>
    <message>
        <location filename="../core/config/KeyStore.cpp" line="42"/>
        <source>No desktop keyring (Secret Service) is running; set OPENAI_API_KEY/ANTHROPIC_API_KEY (or TERRARIUM_API_KEY for other servers) in the environment instead.</source>
        <translation>Es läuft kein Desktop-Schlüsselbund (Secret Service); setzen Sie stattdessen OPENAI_API_KEY/ANTHROPIC_API_KEY (oder TERRARIUM_API_KEY für andere Server) in der Umgebung.</translation>
    </message>
    <message>
        <location filename="../core/config/KeyStore.cpp" line="57"/>
        <source>The desktop keyring refused access to %1 (is it locked?): %2</source>
        <translation>Der Schlüsselbund des Desktops verweigert den Zugriff auf %1 (ist er gesperrt?): %2</translation>
    </message>
    <message>
        <location filename="../core/config/KeyStore.cpp" line="70"/>
        <source>Could not read %1 from the desktop keyring: %2</source>
        <translation>Konnte %1 nicht aus dem Schlüsselbund des Desktops lesen: %2</translation>
    </message>
    <message>
        <location filename="../core/config/KeyStore.cpp" line="73"/>
        <source>Could not store %1 in the desktop keyring: %2</source>
        <translation>Konnte %1 nicht im Schlüsselbund des Desktops speichern: %2</translation>
    </message>
    <message>
        <location filename="../core/config/KeyStore.cpp" line="76"/>
        <source>Could not remove %1 from the desktop keyring: %2</source>
        <translation>Konnte %1 nicht aus dem Schlüsselbund des Desktops entfernen: %2</translation>
    </message>
    <message>
        <location filename="../core/config/LocalServer.cpp" line="17"/>
        <source>Ollama</source>
        <translation>Ollama</translation>
    </message>
    <message>
        <location filename="../core/config/LocalServer.cpp" line="17"/>
        <source>llama.cpp server</source>
        <translation>llama.cpp-Server</translation>
    </message>
    <message>
        <location filename="../core/config/LocalServer.cpp" line="22"/>
        <source>Ollama at %1</source>
        <translation>Ollama auf %1</translation>
    </message>
    <message>
        <location filename="../core/config/LocalServer.cpp" line="23"/>
        <source>llama.cpp server at %1</source>
        <translation>llama.cpp-Server auf %1</translation>
    </message>
    <message>
        <location filename="../core/config/LocalServer.cpp" line="34"/>
        <source>%1 auto-detected at %2 (your own server)</source>
        <translation>%1 automatisch erkannt an %2 (Ihr eigener Server)</translation>
    </message>
    <message>
        <location filename="../core/config/LocalServer.cpp" line="35"/>
        <source>%1 auto-detected at %2 (run by %3, confirmed by you)</source>
        <translation>%1 automatisch erkannt an %2 (betrieben von %3, von Ihnen bestätigt)</translation>
    </message>
    <message>
        <location filename="../core/config/LocalServer.cpp" line="46"/>
        <source>%1 (uid %2)</source>
        <translation>%1 (UID %2)</translation>
    </message>
    <message>
        <location filename="../core/config/LocalServer.cpp" line="47"/>
        <source>uid %1</source>
        <translation>UID %1</translation>
    </message>
    <message>
        <location filename="../core/config/LocalServerDetector.cpp" line="174"/>
        <source>detection has not finished</source>
        <translation>die Erkennung ist nicht abgeschlossen</translation>
    </message>
    <message>
        <location filename="../core/config/LocalServerDetector.cpp" line="183"/>
        <source>no local server to look for</source>
        <translation>kein lokaler Server zu suchen</translation>
    </message>
    <message>
        <location filename="../core/config/LocalServerDetector.cpp" line="129"/>
        <location filename="../core/config/LocalServerDetector.cpp" line="226"/>
        <source>nothing answered at %1</source>
        <translation>unter %1 hat nichts geantwortet</translation>
    </message>
    <message>
        <location filename="../core/config/LocalServerDetector.cpp" line="101"/>
        <source>The model server listening at %1 is run by %2, not by you, so Terrarium does not use it: a run&apos;s goal, files and outputs would go to it, and it would choose the commands that run. To use it anyway, confirm it once: pass --trust-local-server %3, or add %3 to llm/trusted_local_servers in the config file.</source>
        <translation>Der Modellserver, der an %1 lauscht, wird von %2 betrieben, nicht von Ihnen, deshalb verwendet Terrarium ihn nicht: Ziel, Dateien und Ausgaben eines Laufs gingen an ihn, und er würde die Befehle wählen, die laufen. Um ihn dennoch zu verwenden, bestätigen Sie ihn einmal: Geben Sie --trust-local-server %3 an oder tragen Sie %3 in llm/trusted_local_servers in der Konfigurationsdatei ein.</translation>
    </message>
    <message>
        <location filename="../core/config/LocalServerDetector.cpp" line="118"/>
        <source>%1 is not a loopback address and port of this machine</source>
        <translation>%1 ist keine Loopback-Adresse mit Port dieses Rechners</translation>
    </message>
    <message>
        <location filename="../core/config/LocalServerDetector.cpp" line="123"/>
        <source>who runs the server at %1 cannot be told (%2), so it is not used</source>
        <translation>wer den Server an %1 betreibt, lässt sich nicht feststellen (%2), deshalb wird er nicht verwendet</translation>
    </message>
    <message>
        <location filename="../core/config/LocalServerDetector.cpp" line="146"/>
        <source>%1 is run by %2, not by you</source>
        <translation>%1 wird von %2 betrieben, nicht von Ihnen</translation>
    </message>
    <message>
        <location filename="../core/config/LocalServerDetector.cpp" line="246"/>
        <source>Ollama runs at %1 but has no model; pull one with &quot;ollama pull MODEL&quot;</source>
        <translation>Ollama läuft auf %1, hat aber kein Modell; laden Sie eines mit &quot;ollama pull MODEL&quot; herunter</translation>
    </message>
    <message>
        <location filename="../core/config/ModelResolver.cpp" line="80"/>
        <source>No API key configured; looking for a local Ollama or llama.cpp server...</source>
        <translation>Kein API-Schlüssel konfiguriert; es wird nach einem lokalen Ollama- oder llama.cpp-Server gesucht...</translation>
    </message>
    <message>
        <location filename="../core/config/ModelResolver.cpp" line="94"/>
        <source>(Looked for local servers: %1.)</source>
        <translation>(Gesuchte lokale Server: %1.)</translation>
    </message>
    <message>
        <location filename="../core/config/ModelResolver.cpp" line="106"/>
        <source>Using %1 with model %2.</source>
        <translation>%1 wird mit dem Modell %2 verwendet.</translation>
    </message>
    <message>
        <location filename="../core/config/SettingSource.cpp" line="33"/>
        <source>Terrarium&apos;s default</source>
        <translation>Standard von Terrarium</translation>
    </message>
    <message>
        <location filename="../core/config/SettingSource.cpp" line="35"/>
        <source>%1 in the config file %2</source>
        <translation>%1 in der Konfigurationsdatei %2</translation>
    </message>
    <message>
        <location filename="../core/config/SettingSource.cpp" line="37"/>
        <source>the environment variable %1</source>
        <translation>die Umgebungsvariable %1</translation>
    </message>
    <message>
        <location filename="../core/config/SettingSource.cpp" line="39"/>
        <source>the command line option %1</source>
        <translation>die Befehlszeilenoption %1</translation>
    </message>
    <message>
        <location filename="../core/config/SettingSource.cpp" line="41"/>
        <source>%1 in the task file</source>
        <translation>%1 in der Aufgabendatei</translation>
    </message>
    <message>
        <location filename="../core/config/SettingsSession.cpp" line="56"/>
        <source>There is no settings file to save to.</source>
        <translation>Es gibt keine Einstellungsdatei zum Speichern.</translation>
    </message>
    <message>
        <location filename="../core/config/SettingsSession.cpp" line="74"/>
        <source>Could not write the settings to %1.</source>
        <translation>Die Einstellungen konnten nicht nach %1 geschrieben werden.</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="48"/>
        <source>%1, line %2: %3</source>
        <translation>%1, Zeile %2: %3</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="59"/>
        <source>the file holds a NUL byte; it is not a text file</source>
        <translation>die Datei enthält ein NUL-Byte; sie ist keine Textdatei</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="63"/>
        <source>the file is not UTF-8 text</source>
        <translation>die Datei ist kein UTF-8-Text</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="82"/>
        <source>a mapping</source>
        <translation>eine Zuordnung</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="84"/>
        <source>a list</source>
        <translation>eine Liste</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="87"/>
        <source>empty</source>
        <translation>leer</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="91"/>
        <source>&quot;%1&quot;</source>
        <translation>&quot;%1&quot;</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="218"/>
        <source>a key must be a plain name, not %1</source>
        <translation>ein Schlüssel muss ein einfacher Name sein, nicht %1</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="222"/>
        <source>unknown key &quot;%1&quot; (expected %2)</source>
        <translation>unbekannter Schlüssel &quot;%1&quot; (erwartet: %2)</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="226"/>
        <source>&quot;%1&quot; is set twice</source>
        <translation>&quot;%1&quot; ist doppelt gesetzt</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="236"/>
        <location filename="../core/config/TaskFile.cpp" line="241"/>
        <location filename="../core/config/TaskFile.cpp" line="432"/>
        <source>&quot;%1&quot; is empty</source>
        <translation>&quot;%1&quot; ist leer</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="238"/>
        <location filename="../core/config/TaskFile.cpp" line="428"/>
        <source>&quot;%1&quot; must be text, not %2</source>
        <translation>&quot;%1&quot; muss Text sein, nicht %2</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="254"/>
        <source>&quot;%1&quot; must be one of %2, not &quot;%3&quot;</source>
        <translation>&quot;%1&quot; muss eines von %2 sein, nicht &quot;%3&quot;</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="273"/>
        <source>quoted text &quot;%1&quot;</source>
        <translation>Text in Anführungszeichen &quot;%1&quot;</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="276"/>
        <source>&quot;%1&quot; must be a whole number from %2 to %3, not %4</source>
        <translation>&quot;%1&quot; muss eine ganze Zahl von %2 bis %3 sein, nicht %4</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="288"/>
        <source>&quot;limits&quot; must be a mapping of names to numbers, not %1</source>
        <translation>&quot;limits&quot; muss eine Zuordnung von Namen zu Zahlen sein, nicht %1</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="336"/>
        <source>&quot;env&quot; must be a mapping of variable names to values, not %1</source>
        <translation>&quot;env&quot; muss eine Zuordnung von Variablennamen zu Werten sein, nicht %1</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="346"/>
        <source>%1 is not a valid environment variable name (letters, digits and _, not starting with a digit)</source>
        <translation>%1 ist kein gültiger Name für eine Umgebungsvariable (Buchstaben, Ziffern und _, nicht mit einer Ziffer beginnend)</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="352"/>
        <source>env &quot;%1&quot; is not allowed: it changes how programs are loaded or started, so a task file may not set it</source>
        <translation>env &quot;%1&quot; ist nicht erlaubt: sie ändert, wie Programme geladen oder gestartet werden, daher darf eine Aufgabendatei sie nicht setzen</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="357"/>
        <source>env &quot;%1&quot; is set twice</source>
        <translation>env &quot;%1&quot; ist doppelt gesetzt</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="363"/>
        <source>env &quot;%1&quot; has no value; write %1: &quot;&quot; for an empty one</source>
        <translation>env &quot;%1&quot; hat keinen Wert; schreiben Sie %1: &quot;&quot; für einen leeren</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="367"/>
        <source>env &quot;%1&quot; must be text, a number or true/false, not %2</source>
        <translation>env &quot;%1&quot; muss Text, eine Zahl oder true/false sein, nicht %2</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="380"/>
        <source>&quot;steps&quot; must be a list of steps ({title, command, exit_code}), not %1</source>
        <translation>&quot;steps&quot; muss eine Liste von Schritten ({title, command, exit_code}) sein, nicht %1</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="385"/>
        <source>&quot;steps&quot; is an empty list; a runbook needs at least one step</source>
        <translation>&quot;steps&quot; ist eine leere Liste; ein Runbook braucht mindestens einen Schritt</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="402"/>
        <source>step %1 must be a mapping {title, command, exit_code}, not %2</source>
        <translation>Schritt %1 muss eine Zuordnung {title, command, exit_code} sein, nicht %2</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="439"/>
        <source>&quot;%1&quot;: %2</source>
        <translation>„%1“: %2</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="452"/>
        <source>step %1 has no &quot;%2&quot;; every step needs a title and a command</source>
        <translation>Schritt %1 hat kein &quot;%2&quot;; jeder Schritt braucht einen Titel und einen Befehl</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="482"/>
        <source>the file holds more than one YAML document</source>
        <translation>die Datei enthält mehr als ein YAML-Dokument</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="488"/>
        <source>the file is empty; a task file needs at least a goal</source>
        <translation>die Datei ist leer; eine Aufgabendatei braucht mindestens ein Ziel</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="493"/>
        <source>a task file must be a mapping of keys (goal, sandbox, ...), not %1</source>
        <translation>eine Aufgabendatei muss eine Zuordnung von Schlüsseln (goal, sandbox, ...) sein, nicht %1</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="545"/>
        <source>there is no &quot;goal&quot;; a task file needs one, e.g. goal: &quot;run the tests&quot;</source>
        <translation>es gibt kein &quot;goal&quot;; eine Aufgabendatei braucht eines, z. B. goal: &quot;run the tests&quot;</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="553"/>
        <source>%1, line %2, column %3: %4 (not valid YAML)</source>
        <translation>%1, Zeile %2, Spalte %3: %4 (kein gültiges YAML)</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="561"/>
        <source>%1: cannot be read as YAML: %2</source>
        <translation>%1: kann nicht als YAML gelesen werden: %2</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="592"/>
        <source>the front matter that starts here is never closed by a &quot;---&quot; line</source>
        <translation>der hier beginnende Front Matter wird nie durch eine &quot;---&quot;-Zeile geschlossen</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="685"/>
        <location filename="../core/config/TaskFile.cpp" line="757"/>
        <source>%1: a task file is a .yaml, .yml, .md, .markdown or .txt file</source>
        <translation>%1: eine Aufgabendatei ist eine .yaml-, .yml-, .md-, .markdown- oder .txt-Datei</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="689"/>
        <location filename="../core/config/TaskFile.cpp" line="763"/>
        <source>%1 is %2 KiB; task files are limited to %3 KiB</source>
        <translation>%1 ist %2 KiB groß; Aufgabendateien sind auf %3 KiB begrenzt</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="729"/>
        <source>the goal is set both in the front matter and by the text below it; keep one</source>
        <translation>das Ziel ist sowohl im Front Matter als auch durch den Text darunter gesetzt; behalten Sie eines</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="736"/>
        <source>the file holds no goal; write what the agent should do</source>
        <translation>die Datei enthält kein Ziel; schreiben Sie, was der Agent tun soll</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="760"/>
        <source>%1 is a folder, not a task file</source>
        <translation>%1 ist ein Ordner, keine Aufgabendatei</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="771"/>
        <location filename="../core/config/TaskFile.cpp" line="778"/>
        <location filename="../core/control/ControlToken.cpp" line="95"/>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="782"/>
        <source>%1 is larger than %2 KiB, the limit for task files</source>
        <translation>%1 ist größer als %2 KiB, die Grenze für Aufgabendateien</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="853"/>
        <source>CPUs: %1</source>
        <translation>CPUs: %1</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="855"/>
        <source>memory: %1 MiB</source>
        <translation>Speicher: %1 MiB</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="857"/>
        <source>processes: %1</source>
        <translation>Prozesse: %1</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="859"/>
        <source>steps: %1</source>
        <translation>Schritte: %1</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="861"/>
        <source>re-plans: %1</source>
        <translation>Neuplanungen: %1</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="863"/>
        <source>step timeout: %1 s</source>
        <translation>Zeitlimit pro Schritt: %1 s</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="883"/>
        <source>to run commands directly on this computer with no isolation (sandbox: host)</source>
        <translation>Befehle direkt auf diesem Computer ohne Isolation auszuführen (sandbox: host)</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="886"/>
        <source>to give the sandbox network access (network: outbound)</source>
        <translation>der Sandbox Netzwerkzugang zu geben (network: outbound)</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="887"/>
        <source>The task file asks %1. Nothing runs until you allow it: %2.</source>
        <translation>Die Aufgabendatei verlangt, %1. Nichts läuft, bis Sie es erlauben: %2.</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="888"/>
        <source> and </source>
        <translation> und </translation>
    </message>
    <message>
        <location filename="../core/config/UserSettings.cpp" line="88"/>
        <source>The planner&apos;s base URL &quot;%1&quot; is not an http:// or https:// URL.</source>
        <translation>Die Basis-URL des Planers &quot;%1&quot; ist keine http://- oder https://-URL.</translation>
    </message>
    <message>
        <location filename="../core/config/UserSettings.cpp" line="89"/>
        <source>The executor&apos;s base URL &quot;%1&quot; is not an http:// or https:// URL.</source>
        <translation>Die Basis-URL des Ausführers &quot;%1&quot; ist keine http://- oder https://-URL.</translation>
    </message>
    <message>
        <location filename="../core/config/UserSettings.cpp" line="97"/>
        <source>Unknown sandbox &quot;%1&quot;: use podman, libvirt or host.</source>
        <translation>Unbekannte Sandbox &quot;%1&quot;: Verwenden Sie podman, libvirt oder host.</translation>
    </message>
    <message>
        <location filename="../core/config/UserSettings.cpp" line="100"/>
        <source>The Debian mirror &quot;%1&quot; is not an http://, https:// or file:// URL.</source>
        <translation>Der Debian-Mirror &quot;%1&quot; ist keine http://-, https://- oder file://-URL.</translation>
    </message>
    <message>
        <location filename="../core/config/UserSettings.cpp" line="106"/>
        <source>Unknown network policy &quot;%1&quot;: use none or outbound.</source>
        <translation>Unbekannte Netzwerkregel &quot;%1&quot;: Verwenden Sie none oder outbound.</translation>
    </message>
    <message>
        <location filename="../core/config/UserSettings.cpp" line="110"/>
        <source>Unknown terminal engine &quot;%1&quot;: use terrarium or qtermwidget.</source>
        <translation>Unbekannte Terminal-Engine „%1“: terrarium oder qtermwidget verwenden.</translation>
    </message>
    <message>
        <location filename="../core/config/UserSettings.cpp" line="118"/>
        <source>The sandbox&apos;s CPUs must be from %1 to %2.</source>
        <translation>Die CPUs der Sandbox müssen zwischen %1 und %2 liegen.</translation>
    </message>
    <message>
        <location filename="../core/config/UserSettings.cpp" line="120"/>
        <source>The sandbox&apos;s memory must be from %1 to %2 MiB.</source>
        <translation>Der Speicher der Sandbox muss zwischen %1 und %2 MiB liegen.</translation>
    </message>
    <message>
        <location filename="../core/config/UserSettings.cpp" line="122"/>
        <source>The sandbox&apos;s maximum processes must be from %1 to %2.</source>
        <translation>Die maximalen Prozesse der Sandbox müssen zwischen %1 und %2 liegen.</translation>
    </message>
    <message>
        <location filename="../core/config/UserSettings.cpp" line="124"/>
        <source>The sandbox&apos;s disk size must be from %1 to %2 MiB.</source>
        <translation>Die Plattengröße der Sandbox muss zwischen %1 und %2 MiB liegen.</translation>
    </message>
    <message>
        <location filename="../core/config/UserSettings.cpp" line="125"/>
        <source>The maximum steps must be from %1 to %2.</source>
        <translation>Die maximalen Schritte müssen zwischen %1 und %2 liegen.</translation>
    </message>
    <message>
        <location filename="../core/config/UserSettings.cpp" line="127"/>
        <source>The re-plans before giving up must be from %1 to %2.</source>
        <translation>Die Neuplanungen vor dem Aufgeben müssen zwischen %1 und %2 liegen.</translation>
    </message>
    <message>
        <location filename="../core/config/UserSettings.cpp" line="129"/>
        <source>The step timeout must be from %1 to %2 seconds.</source>
        <translation>Das Zeitlimit pro Schritt muss zwischen %1 und %2 Sekunden liegen.</translation>
    </message>
    <message>
        <location filename="../core/config/UserSettings.cpp" line="131"/>
        <source>The remote control port must be from %1 to %2.</source>
        <translation>Der Port der Fernsteuerung muss zwischen %1 und %2 liegen.</translation>
    </message>
    <message>
        <location filename="../core/config/WorkspacePolicy.cpp" line="53"/>
        <source>No workspace folder was given.</source>
        <translation>Es wurde kein Arbeitsordner angegeben.</translation>
    </message>
    <message>
        <location filename="../core/config/WorkspacePolicy.cpp" line="57"/>
        <location filename="../vm/PodmanSandbox.cpp" line="344"/>
        <source>The workspace folder %1 does not exist.</source>
        <translation>Der Arbeitsordner %1 existiert nicht.</translation>
    </message>
    <message>
        <location filename="../core/config/WorkspacePolicy.cpp" line="60"/>
        <source>The workspace %1 is a file, not a folder; choose the folder that holds it.</source>
        <translation>Der Arbeitsordner %1 ist eine Datei, kein Ordner; wählen Sie den Ordner, der sie enthält.</translation>
    </message>
    <message>
        <location filename="../core/config/WorkspacePolicy.cpp" line="67"/>
        <source>Commands can change everything in their workspace; choose a project folder, or leave the workspace empty to get a new folder under %1.</source>
        <translation>Befehle können alles in ihrem Arbeitsordner ändern; wählen Sie einen Projektordner oder lassen Sie den Arbeitsordner leer, um einen neuen Ordner unter %1 zu bekommen.</translation>
    </message>
    <message>
        <location filename="../core/config/WorkspacePolicy.cpp" line="72"/>
        <source>The root folder / cannot be a workspace. %1</source>
        <translation>Der Wurzelordner / kann kein Arbeitsordner sein. %1</translation>
    </message>
    <message>
        <location filename="../core/config/WorkspacePolicy.cpp" line="76"/>
        <source>Your home folder %1 cannot be a workspace. %2</source>
        <translation>Ihr Persönlicher Ordner %1 kann kein Arbeitsordner sein. %2</translation>
    </message>
    <message>
        <location filename="../core/config/WorkspacePolicy.cpp" line="79"/>
        <source>%1 contains your home folder, so it cannot be a workspace. %2</source>
        <translation>%1 enthält Ihren Persönlichen Ordner und kann daher kein Arbeitsordner sein. %2</translation>
    </message>
    <message>
        <location filename="../core/config/WorkspacePolicy.cpp" line="85"/>
        <source>%1 is inside ~/%2, which holds your settings or credentials, so it cannot be a workspace. %3</source>
        <translation>%1 liegt in ~/%2, wo Ihre Einstellungen oder Zugangsdaten liegen, und kann daher kein Arbeitsordner sein. %3</translation>
    </message>
    <message>
        <location filename="../core/config/WorkspacePolicy.cpp" line="92"/>
        <source>%1 is a system folder, so it cannot be a workspace. %2</source>
        <translation>%1 ist ein Systemordner und kann daher kein Arbeitsordner sein. %2</translation>
    </message>
    <message>
        <location filename="../core/config/WorkspacePolicy.cpp" line="125"/>
        <source>Cannot create the folder %1 for run workspaces.</source>
        <translation>Der Ordner %1 für die Arbeitsordner der Läufe kann nicht angelegt werden.</translation>
    </message>
    <message>
        <location filename="../core/config/WorkspacePolicy.cpp" line="142"/>
        <source>Cannot create a workspace folder in %1.</source>
        <translation>In %1 kann kein Arbeitsordner angelegt werden.</translation>
    </message>
    <message>
        <location filename="../core/exec/CommandRunner.cpp" line="22"/>
        <source>This sandbox cannot take checkpoints.</source>
        <translation>Diese Sandbox kann keine Prüfpunkte anlegen.</translation>
    </message>
    <message>
        <location filename="../core/exec/CommandRunner.cpp" line="32"/>
        <source>This sandbox cannot go back to a checkpoint.</source>
        <translation>Diese Sandbox kann nicht zu einem Prüfpunkt zurückkehren.</translation>
    </message>
    <message>
        <location filename="../core/exec/CommandRunner.cpp" line="43"/>
        <source>This sandbox does not let Terrarium read its files.</source>
        <translation>Diese Sandbox lässt Terrarium ihre Dateien nicht lesen.</translation>
    </message>
    <message>
        <location filename="../core/llm/LlmEndpoint.cpp" line="64"/>
        <source>Set %1, or save a key in Settings &gt; Preferences.</source>
        <translation>Setzen Sie %1 oder speichern Sie einen Schlüssel unter Einstellungen &gt; Terrarium einrichten.</translation>
    </message>
    <message>
        <location filename="../core/llm/LlmEndpoint.cpp" line="67"/>
        <source>For this server set TERRARIUM_API_KEY (or TERRARIUM_PLANNER_API_KEY / TERRARIUM_EXECUTOR_API_KEY for one role), or save a key in Settings &gt; Preferences; OPENAI_API_KEY and ANTHROPIC_API_KEY only ever go to the vendors&apos; own https addresses.</source>
        <translation>Setzen Sie für diesen Server TERRARIUM_API_KEY (oder TERRARIUM_PLANNER_API_KEY / TERRARIUM_EXECUTOR_API_KEY für eine Rolle) oder speichern Sie einen Schlüssel unter Einstellungen &gt; Terrarium einrichten; OPENAI_API_KEY und ANTHROPIC_API_KEY gehen immer nur an die eigenen https-Adressen der Anbieter.</translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="80"/>
        <source>The request to %1 for model &quot;%2&quot; was cancelled.</source>
        <translation>Die Anfrage an %1 für das Modell &quot;%2&quot; wurde abgebrochen.</translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="91"/>
        <source>No network access for %1 (model &quot;%2&quot;).</source>
        <translation>Kein Netzwerkzugang für %1 (Modell &quot;%2&quot;).</translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="115"/>
        <source>The network access for %1 (model &quot;%2&quot;) was shut down.</source>
        <translation>Der Netzwerkzugang für %1 (Modell &quot;%2&quot;) wurde beendet.</translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="179"/>
        <source>%1 sent an event larger than %2 MiB for model &quot;%3&quot;.</source>
        <translation>%1 hat für das Modell &quot;%3&quot; ein Ereignis größer als %2 MiB gesendet.</translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="240"/>
        <source>%1 sent nothing for %2 s on the request for model &quot;%3&quot;; the stream stalled.</source>
        <translation>%1 hat auf die Anfrage für das Modell &quot;%3&quot; %2 s lang nichts gesendet; der Stream ist ins Stocken geraten.</translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="276"/>
        <source>%1 (gave up after %2 attempts)</source>
        <translation>%1 (nach %2 Versuchen aufgegeben)</translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="326"/>
        <source>%1 at %2 wants an API key for model &quot;%3&quot; (HTTP %4: &quot;%5&quot;), and none was sent. %6</source>
        <translation>%1 auf %2 verlangt für das Modell &quot;%3&quot; einen API-Schlüssel (HTTP %4: &quot;%5&quot;), und es wurde keiner gesendet. %6</translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="334"/>
        <source>%1 did not accept the API key for model &quot;%2&quot; (HTTP %3): &quot;%4&quot;. Check the key configured for this endpoint.</source>
        <translation>%1 hat den API-Schlüssel für das Modell &quot;%2&quot; nicht akzeptiert (HTTP %3): &quot;%4&quot;. Prüfen Sie den für diesen Endpunkt konfigurierten Schlüssel.</translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="347"/>
        <source>%1 at %2 answered with a redirect (HTTP %3) to %4. Terrarium does not follow redirects, so that an API key never goes anywhere but the configured address; if the new address is right, set the base URL to it.</source>
        <translation>%1 auf %2 hat mit einer Umleitung (HTTP %3) nach %4 geantwortet. Terrarium folgt keinen Umleitungen, damit ein API-Schlüssel nie an eine andere als die konfigurierte Adresse geht; ist die neue Adresse richtig, setzen Sie die Basis-URL darauf.</translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="352"/>
        <source>an unnamed address</source>
        <translation>eine unbenannte Adresse</translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="357"/>
        <source>%1 denied access to model &quot;%2&quot; (HTTP %3): &quot;%4&quot;</source>
        <translation>%1 hat den Zugriff auf das Modell &quot;%2&quot; verweigert (HTTP %3): &quot;%4&quot;</translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="362"/>
        <source>%1 has no model &quot;%2&quot; or no endpoint %3 (HTTP %4): &quot;%5&quot;</source>
        <translation>%1 hat kein Modell &quot;%2&quot; oder keinen Endpunkt %3 (HTTP %4): &quot;%5&quot;</translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="368"/>
        <source>%1 timed out the request for model &quot;%2&quot; (HTTP %3): &quot;%4&quot;</source>
        <translation>%1 hat die Anfrage für das Modell &quot;%2&quot; wegen Zeitüberschreitung beendet (HTTP %3): &quot;%4&quot;</translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="375"/>
        <source>%1 quota is exhausted for model &quot;%2&quot; (HTTP %3): &quot;%4&quot;</source>
        <translation>Das Kontingent von %1 für das Modell &quot;%2&quot; ist erschöpft (HTTP %3): &quot;%4&quot;</translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="379"/>
        <source>%1 is rate-limiting requests for model &quot;%2&quot; (HTTP %3): &quot;%4&quot;</source>
        <translation>%1 drosselt Anfragen für das Modell &quot;%2&quot; (HTTP %3): &quot;%4&quot;</translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="388"/>
        <source>%1 had a server error for model &quot;%2&quot; (HTTP %3): &quot;%4&quot;</source>
        <translation>%1 hatte einen Serverfehler für das Modell &quot;%2&quot; (HTTP %3): &quot;%4&quot;</translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="394"/>
        <source>%1 rejected the request for model &quot;%2&quot; (HTTP %3): &quot;%4&quot;</source>
        <translation>%1 hat die Anfrage für das Modell &quot;%2&quot; abgelehnt (HTTP %3): &quot;%4&quot;</translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="398"/>
        <source>%1 answered HTTP %2 for model &quot;%3&quot;: &quot;%4&quot;</source>
        <translation>%1 hat für das Modell &quot;%3&quot; mit HTTP %2 geantwortet: &quot;%4&quot;</translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="415"/>
        <source>%1 ended the stream for model &quot;%2&quot; before the response was complete.</source>
        <translation>%1 hat den Stream für das Modell &quot;%2&quot; beendet, bevor die Antwort vollständig war.</translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="419"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="431"/>
        <source>Could not reach %1 at %2 for model &quot;%3&quot;: %4</source>
        <translation>%1 auf %2 war für das Modell &quot;%3&quot; nicht erreichbar: %4</translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="444"/>
        <source>%1 sent a stream for model &quot;%2&quot; that could not be read: %3</source>
        <translation>%1 hat für das Modell &quot;%2&quot; einen Stream gesendet, der nicht gelesen werden konnte: %3</translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="451"/>
        <source>%1 reported an error for model &quot;%2&quot; during the stream: &quot;%3&quot;</source>
        <translation>%1 hat während des Streams einen Fehler für das Modell &quot;%2&quot; gemeldet: &quot;%3&quot;</translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="464"/>
        <source>%1 answered the request for model &quot;%2&quot; with plain JSON instead of an event stream; the server does not support streaming here.</source>
        <translation>%1 hat die Anfrage für das Modell &quot;%2&quot; mit reinem JSON statt eines Ereignis-Streams beantwortet; der Server unterstützt hier kein Streaming.</translation>
    </message>
    <message>
        <location filename="../core/llm/ResponsesStreamDecoder.cpp" line="75"/>
        <source>the response failed</source>
        <translation>die Antwort ist fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../core/llm/StreamDecoder.cpp" line="52"/>
        <source>the stream carried an event that is not a JSON object (%1)</source>
        <translation>der Stream enthielt ein Ereignis, das kein JSON-Objekt ist (%1)</translation>
    </message>
    <message>
        <location filename="../core/llm/StreamDecoder.cpp" line="54"/>
        <source>not an object</source>
        <translation>kein Objekt</translation>
    </message>
    <message>
        <location filename="../core/output/OutputSpool.cpp" line="130"/>
        <source>cannot create %1</source>
        <translation>%1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <location filename="../core/output/OutputSpool.cpp" line="182"/>
        <source>The full output could not be kept on disk (%1); only what the console shows is left.</source>
        <translation>Die vollständige Ausgabe konnte nicht auf der Festplatte gespeichert werden (%1); nur was die Konsole zeigt, bleibt erhalten.</translation>
    </message>
    <message>
        <location filename="../core/output/OutputSpoolSnapshot.cpp" line="77"/>
        <location filename="../core/store/RunbookExporter.cpp" line="145"/>
        <location filename="../core/store/RunbookExporter.cpp" line="151"/>
        <location filename="../vm/libvirt/VmWarmStateMaker.cpp" line="243"/>
        <location filename="../vm/PodmanPreflight.cpp" line="102"/>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <location filename="../core/output/OutputSpoolSnapshot.cpp" line="32"/>
        <source>Cannot read the saved output %1: %2</source>
        <translation>Die gespeicherte Ausgabe %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <location filename="../core/output/OutputSpool.cpp" line="210"/>
        <source>
[… %1 bytes of output left out here: Terrarium keeps the first and the last %2 MiB of a step&apos;s output …]
</source>
        <translation>
[… %1 Bytes der Ausgabe sind hier ausgelassen: Terrarium behält die ersten und die letzten %2 MiB der Ausgabe eines Schritts …]
</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="178"/>
        <source>Deletes the root file system (rm /)</source>
        <translation>Löscht das Wurzeldateisystem (rm /)</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="180"/>
        <source>Deletes or replaces the whole home directory</source>
        <translation>Löscht oder ersetzt das ganze Home-Verzeichnis</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="182"/>
        <source>Deletes a system directory such as /etc, /usr or /var</source>
        <translation>Löscht ein Systemverzeichnis wie /etc, /usr oder /var</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="184"/>
        <source>Deletes or moves files inside a system directory</source>
        <translation>Löscht oder verschiebt Dateien in einem Systemverzeichnis</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="186"/>
        <source>Deletes files recursively (rm -r)</source>
        <translation>Löscht Dateien rekursiv (rm -r)</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="188"/>
        <source>Overwrites files so they cannot be recovered (shred)</source>
        <translation>Überschreibt Dateien, sodass sie nicht wiederherstellbar sind (shred)</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="190"/>
        <source>Wipes a disk or its file system signatures</source>
        <translation>Löscht einen Datenträger oder seine Dateisystem-Signaturen</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="192"/>
        <source>Changes a disk&apos;s partition table</source>
        <translation>Ändert die Partitionstabelle eines Datenträgers</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="194"/>
        <source>Formats a file system (mkfs)</source>
        <translation>Formatiert ein Dateisystem (mkfs)</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="196"/>
        <source>Writes raw data to a disk device with dd</source>
        <translation>Schreibt mit dd Rohdaten auf ein Datenträgergerät</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="198"/>
        <source>Writes directly to a disk device</source>
        <translation>Schreibt direkt auf ein Datenträgergerät</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="200"/>
        <source>Writes to system files (/etc, /boot, /usr, ...)</source>
        <translation>Schreibt in Systemdateien (/etc, /boot, /usr, ...)</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="202"/>
        <source>Makes files writable by every user (chmod 777 / o+w)</source>
        <translation>Macht Dateien für jeden Benutzer schreibbar (chmod 777 / o+w)</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="204"/>
        <source>Sets the setuid or setgid bit</source>
        <translation>Setzt das setuid- oder setgid-Bit</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="206"/>
        <source>Recursively changes permissions or owners of / or a system directory</source>
        <translation>Ändert rekursiv Rechte oder Eigentümer von / oder einem Systemverzeichnis</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="208"/>
        <source>Gives files to root (chown root)</source>
        <translation>Übergibt Dateien an root (chown root)</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="210"/>
        <source>Changes owners recursively (chown -R)</source>
        <translation>Ändert Eigentümer rekursiv (chown -R)</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="212"/>
        <source>Stops, disables or masks a system service</source>
        <translation>Stoppt, deaktiviert oder maskiert einen Systemdienst</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="214"/>
        <source>Shuts down or reboots the system</source>
        <translation>Fährt das System herunter oder startet es neu</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="216"/>
        <source>Kills every process, or init</source>
        <translation>Beendet jeden Prozess oder init</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="218"/>
        <source>Fork bomb: starts processes until the system runs out</source>
        <translation>Forkbombe: startet Prozesse, bis das System erschöpft ist</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="220"/>
        <source>Runs code downloaded from the network (curl | sh)</source>
        <translation>Führt aus dem Netzwerk heruntergeladenen Code aus (curl | sh)</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="222"/>
        <source>Runs encoded or obfuscated code (base64 -d | sh)</source>
        <translation>Führt kodierten oder verschleierten Code aus (base64 -d | sh)</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="224"/>
        <source>Deletes whatever find matches (find -delete / -exec rm)</source>
        <translation>Löscht alles, was find findet (find -delete / -exec rm)</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="226"/>
        <source>Deletes files named on standard input (xargs rm)</source>
        <translation>Löscht auf der Standardeingabe genannte Dateien (xargs rm)</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="228"/>
        <source>Drops a database, schema or table (SQL DROP)</source>
        <translation>Verwirft eine Datenbank, ein Schema oder eine Tabelle (SQL DROP)</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="230"/>
        <source>Empties a table (SQL TRUNCATE)</source>
        <translation>Leert eine Tabelle (SQL TRUNCATE)</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="232"/>
        <source>Deletes every row of a table (SQL DELETE without WHERE)</source>
        <translation>Löscht jede Zeile einer Tabelle (SQL DELETE ohne WHERE)</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="234"/>
        <source>Overwrites the remote&apos;s history (git push --force)</source>
        <translation>Überschreibt die Historie des Remote-Repositorys (git push --force)</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="236"/>
        <source>Throws away uncommitted changes (git reset --hard)</source>
        <translation>Verwirft nicht committete Änderungen (git reset --hard)</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="238"/>
        <source>Deletes untracked files (git clean -f)</source>
        <translation>Löscht nicht verfolgte Dateien (git clean -f)</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="240"/>
        <source>Deletes a branch or tag on the remote (git push --delete)</source>
        <translation>Löscht einen Branch oder Tag auf dem Remote-Repository (git push --delete)</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="242"/>
        <source>Expires the reflog, the way back to lost commits (git reflog expire)</source>
        <translation>Lässt das Reflog verfallen, den Weg zurück zu verlorenen Commits (git reflog expire)</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="244"/>
        <source>Nests or expands too deeply to be checked completely</source>
        <translation>Ist zu tief verschachtelt oder expandiert, um vollständig geprüft zu werden</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="246"/>
        <source>Runs a program whose name is only known when the command runs ($(...), $VAR, arrays, code that builds the command)</source>
        <translation>Führt ein Programm aus, dessen Name erst feststeht, wenn der Befehl läuft ($(...), $VAR, Arrays, Code, der den Befehl zusammensetzt)</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="249"/>
        <source>Runs a script that the same command line writes</source>
        <translation>Führt ein Skript aus, das dieselbe Befehlszeile schreibt</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="251"/>
        <source>Runs a command as another user (pkexec, runuser, setpriv)</source>
        <translation>Führt einen Befehl als anderer Benutzer aus (pkexec, runuser, setpriv)</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="253"/>
        <source>Runs commands on another host (ssh)</source>
        <translation>Führt Befehle auf einem anderen Rechner aus (ssh)</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="255"/>
        <source>Runs a command on the host, outside the sandbox (flatpak-spawn --host)</source>
        <translation>Führt einen Befehl auf dem Host aus, außerhalb der Sandbox (flatpak-spawn --host)</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="257"/>
        <source>An option makes the program run another command (git alias &apos;!&apos;, tar --checkpoint-action=exec)</source>
        <translation>Eine Option lässt das Programm einen anderen Befehl ausführen (git alias &apos;!&apos;, tar --checkpoint-action=exec)</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="260"/>
        <source>Extracts an archive over / or a system directory (tar -C /)</source>
        <translation>Entpackt ein Archiv über / oder ein Systemverzeichnis (tar -C /)</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="262"/>
        <source>Installs something that runs later on its own (shell start-up file, crontab, user service)</source>
        <translation>Installiert etwas, das später von selbst läuft (Shell-Startdatei, crontab, Benutzerdienst)</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="265"/>
        <source>Opens a network connection through /dev/tcp or /dev/udp</source>
        <translation>Öffnet eine Netzwerkverbindung über /dev/tcp oder /dev/udp</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="267"/>
        <source>Connects a shell to the network (reverse shell: nc -e, socat exec:, bash -i &gt;&amp; /dev/tcp/...)</source>
        <translation>Verbindet eine Shell mit dem Netzwerk (Reverse Shell: nc -e, socat exec:, bash -i &gt;&amp; /dev/tcp/...)</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="270"/>
        <source>Sends secrets (SSH keys, credentials, /etc/shadow) over the network</source>
        <translation>Sendet Geheimnisse (SSH-Schlüssel, Zugangsdaten, /etc/shadow) über das Netzwerk</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="272"/>
        <source>Sets a variable that loads code into the programs it starts (LD_PRELOAD, LD_LIBRARY_PATH, BASH_ENV)</source>
        <translation>Setzt eine Variable, die Code in die gestarteten Programme lädt (LD_PRELOAD, LD_LIBRARY_PATH, BASH_ENV)</translation>
    </message>
    <message>
        <location filename="../core/store/RunbookExporter.cpp" line="20"/>
        <source>The run %1 is still running; only a run that succeeded can be exported as a runbook.</source>
        <translation>Der Lauf %1 läuft noch; nur ein erfolgreicher Lauf kann als Runbook exportiert werden.</translation>
    </message>
    <message>
        <location filename="../core/store/RunbookExporter.cpp" line="24"/>
        <source>The run %1 failed; only a run that succeeded can be exported as a runbook.</source>
        <translation>Der Lauf %1 ist fehlgeschlagen; nur ein erfolgreicher Lauf kann als Runbook exportiert werden.</translation>
    </message>
    <message>
        <location filename="../core/store/RunbookExporter.cpp" line="28"/>
        <source>The run %1 was cancelled; only a run that succeeded can be exported as a runbook.</source>
        <translation>Der Lauf %1 wurde abgebrochen; nur ein erfolgreicher Lauf kann als Runbook exportiert werden.</translation>
    </message>
    <message>
        <location filename="../core/store/RunbookExporter.cpp" line="32"/>
        <source>The run %1 was interrupted; only a run that succeeded can be exported as a runbook.</source>
        <translation>Der Lauf %1 wurde unterbrochen; nur ein erfolgreicher Lauf kann als Runbook exportiert werden.</translation>
    </message>
    <message>
        <location filename="../core/store/RunbookExporter.cpp" line="35"/>
        <source>The run %1 ended as &quot;%2&quot;; only a run that succeeded can be exported as a runbook.</source>
        <translation>Der Lauf %1 endete als &quot;%2&quot;; nur ein erfolgreicher Lauf kann als Runbook exportiert werden.</translation>
    </message>
    <message>
        <location filename="../core/store/RunbookExporter.cpp" line="88"/>
        <source>There is no run %1; terrarium --list-runs shows the kept runs.</source>
        <translation>Es gibt keinen Lauf %1; terrarium --list-runs zeigt die gespeicherten Läufe.</translation>
    </message>
    <message>
        <location filename="../core/store/RunbookExporter.cpp" line="97"/>
        <source>The run %1 succeeded without running a command; a runbook of it would have no steps.</source>
        <translation>Der Lauf %1 war erfolgreich, ohne einen Befehl auszuführen; ein Runbook davon hätte keine Schritte.</translation>
    </message>
    <message>
        <location filename="../core/store/RunbookExporter.cpp" line="111"/>
        <source>%1: a runbook is a .yaml or .yml file</source>
        <translation>%1: ein Runbook ist eine .yaml- oder .yml-Datei</translation>
    </message>
    <message>
        <location filename="../core/store/RunbookExporter.cpp" line="116"/>
        <location filename="../core/store/RunbookExporter.cpp" line="143"/>
        <source>%1 exists; a runbook is only written to a new file.</source>
        <translation>%1 existiert bereits; ein Runbook wird nur in eine neue Datei geschrieben.</translation>
    </message>
    <message>
        <location filename="../core/store/RunbookExporter.cpp" line="123"/>
        <source>Terrarium runbook of run %1, recorded in a %2 sandbox on %3.</source>
        <translation>Terrarium-Runbook von Lauf %1, aufgezeichnet in einer %2-Sandbox am %3.</translation>
    </message>
    <message>
        <location filename="../core/store/RunbookExporter.cpp" line="126"/>
        <source>Replay it with: terrarium --replay %1</source>
        <translation>Abspielen mit: terrarium --replay %1</translation>
    </message>
    <message>
        <location filename="../core/store/RunbookExporter.cpp" line="127"/>
        <source>Each step&apos;s command runs as recorded and must end with its exit_code.</source>
        <translation>Der Befehl jedes Schritts läuft wie aufgezeichnet und muss mit seinem exit_code enden.</translation>
    </message>
    <message>
        <location filename="../core/store/RunEventReader.cpp" line="39"/>
        <source>Cannot read the run store %1: %2</source>
        <translation>Der Laufspeicher %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <location filename="../core/store/StoreSqlError.cpp" line="35"/>
        <source>another program holds it locked (%1)</source>
        <translation>ein anderes Programm hält sie gesperrt (%1)</translation>
    </message>
    <message>
        <location filename="../core/store/StoreSqlError.cpp" line="37"/>
        <location filename="../core/store/StoreSqlError.cpp" line="43"/>
        <source>the disk is full (%1)</source>
        <translation>die Festplatte ist voll (%1)</translation>
    </message>
    <message>
        <location filename="../core/store/StoreSqlError.cpp" line="39"/>
        <source>it cannot be written to (%1)</source>
        <translation>sie kann nicht beschrieben werden (%1)</translation>
    </message>
    <message>
        <location filename="../core/store/StoreSqlError.cpp" line="44"/>
        <source>reading or writing it failed (%1)</source>
        <translation>Lesen oder Schreiben ist fehlgeschlagen (%1)</translation>
    </message>
    <message>
        <location filename="../core/store/StoreSqlError.cpp" line="46"/>
        <source>it cannot be opened (%1)</source>
        <translation>sie kann nicht geöffnet werden (%1)</translation>
    </message>
    <message>
        <location filename="../core/store/StoreSqlError.cpp" line="56"/>
        <location filename="../core/workspace/WorkspaceFs.cpp" line="38"/>
        <location filename="../core/workspace/WorkspaceFs.cpp" line="42"/>
        <location filename="../core/workspace/WorkspaceFs.cpp" line="44"/>
        <location filename="../vm/libvirt/LibvirtError.cpp" line="187"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="207"/>
        <source>The run store %1 could not be read (%2); it was moved aside to %3 and a new one started.</source>
        <translation>Der Laufspeicher %1 konnte nicht gelesen werden (%2); er wurde nach %3 verschoben und ein neuer angelegt.</translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="218"/>
        <source>Qt&apos;s SQLite driver is missing (Debian: libqt6sql6-sqlite); runs cannot be kept.</source>
        <translation>Der SQLite-Treiber von Qt fehlt (Debian: libqt6sql6-sqlite); Läufe können nicht gespeichert werden.</translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="222"/>
        <source>Cannot make the folder of the run store %1.</source>
        <translation>Der Ordner des Laufspeichers %1 kann nicht angelegt werden.</translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="231"/>
        <location filename="../core/store/RunStore.cpp" line="246"/>
        <location filename="../core/store/RunStoreWriter.cpp" line="33"/>
        <location filename="../core/store/RunStoreWriter.cpp" line="40"/>
        <source>Cannot open the run store %1</source>
        <translation>Der Laufspeicher %1 kann nicht geöffnet werden</translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="240"/>
        <location filename="../core/store/RunStore.cpp" line="266"/>
        <source>The run store %1 is not a database Terrarium can use</source>
        <translation>Der Laufspeicher %1 ist keine Datenbank, die Terrarium verwenden kann</translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="275"/>
        <source>The run store %1 was made by a newer Terrarium (schema %2; this one knows %3); it is left as it is.</source>
        <translation>Der Laufspeicher %1 wurde von einem neueren Terrarium angelegt (Schema %2; dieses kennt %3); er bleibt unverändert.</translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="282"/>
        <source>Cannot migrate the run store %1 to schema %2</source>
        <translation>Der Laufspeicher %1 kann nicht auf Schema %2 migriert werden</translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="321"/>
        <location filename="../core/store/RunStore.cpp" line="372"/>
        <source>Cannot read the run store %1</source>
        <translation>Der Laufspeicher %1 kann nicht gelesen werden</translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="334"/>
        <location filename="../core/store/RunStore.cpp" line="401"/>
        <source>Cannot update the run store %1</source>
        <translation>Der Laufspeicher %1 kann nicht aktualisiert werden</translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="342"/>
        <location filename="../core/store/RunStore.cpp" line="365"/>
        <location filename="../core/store/RunStore.cpp" line="431"/>
        <location filename="../core/store/RunStore.cpp" line="512"/>
        <location filename="../core/store/RunStore.cpp" line="538"/>
        <location filename="../core/store/RunStore.cpp" line="559"/>
        <source>The run store is not open.</source>
        <translation>Der Laufspeicher ist nicht geöffnet.</translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="356"/>
        <source>Cannot record the run %1 in %2</source>
        <translation>Der Lauf %1 kann nicht in %2 festgehalten werden</translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="376"/>
        <source>There is no kept run %1 (terrarium --list-runs lists them).</source>
        <translation>Es gibt keinen gespeicherten Lauf %1 (terrarium --list-runs listet sie auf).</translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="385"/>
        <source>The run %1 is still going on (process %2); it cannot be resumed.</source>
        <translation>Der Lauf %1 läuft noch (Prozess %2); er kann nicht fortgesetzt werden.</translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="390"/>
        <source>The run %1 succeeded; there is nothing to resume.</source>
        <translation>Der Lauf %1 war erfolgreich; es gibt nichts fortzusetzen.</translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="393"/>
        <source>The run %1 was cancelled; it is not resumed.</source>
        <translation>Der Lauf %1 wurde abgebrochen; er wird nicht fortgesetzt.</translation>
    </message>
    <message>
        <location filename="../core/store/RunStoreWriter.cpp" line="66"/>
        <source>Cannot save the run&apos;s events in %1</source>
        <translation>Die Ereignisse des Laufs können nicht in %1 gespeichert werden</translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="527"/>
        <source>Cannot record the approval in %1</source>
        <translation>Die Freigabe kann nicht in %1 festgehalten werden</translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="531"/>
        <source>The run %1 has no approval asked for step %2.</source>
        <translation>Im Lauf %1 wurde für Schritt %2 keine Freigabe erfragt.</translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="551"/>
        <source>Cannot record the output file %1 in %2</source>
        <translation>Die Ausgabedatei %1 kann nicht in %2 festgehalten werden</translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="566"/>
        <source>There is no run %1 in %2.</source>
        <translation>Es gibt keinen Lauf %1 in %2.</translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="570"/>
        <source>The run %1 is still going; it can be deleted once it ends.</source>
        <translation>Der Lauf %1 läuft noch; er kann gelöscht werden, sobald er endet.</translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="573"/>
        <source>Cannot delete the run %1 from %2</source>
        <translation>Der Lauf %1 kann nicht aus %2 gelöscht werden</translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="602"/>
        <source>The run %1 was deleted, but not its output files %2.</source>
        <translation>Der Lauf %1 wurde gelöscht, seine Ausgabedateien %2 aber nicht.</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="78"/>
        <source>The name of %1 (or its link target) is not valid UTF-8; it is left alone.</source>
        <translation>Der Name von %1 (oder sein Linkziel) ist kein gültiges UTF-8; es bleibt unberührt.</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="81"/>
        <source>%1 is a special file (a FIFO, socket or device); such files are not copied to the host.</source>
        <translation>%1 ist eine Spezialdatei (ein FIFO, Socket oder Gerät); solche Dateien werden nicht auf den Host kopiert.</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="85"/>
        <source>%1 could not be read in the sandbox: %2</source>
        <translation>%1 konnte in der Sandbox nicht gelesen werden: %2</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="88"/>
        <source>The link %1 points outside the workspace (%2); it is not created.</source>
        <translation>Der Link %1 zeigt aus dem Arbeitsordner heraus (%2); er wird nicht angelegt.</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="91"/>
        <source>%1 is larger than %2 MiB; it is not copied to the host.</source>
        <translation>%1 ist größer als %2 MiB; es wird nicht auf den Host kopiert.</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="98"/>
        <location filename="../core/workspace/WorkspaceFolder.cpp" line="112"/>
        <source>%1 lies behind the link %2 on the host; nothing is written through links.</source>
        <translation>%1 liegt auf dem Host hinter dem Link %2; durch Links wird nichts geschrieben.</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="120"/>
        <source>git obeys the settings in %1 whenever you run git in this folder, and they can name programs for it to run (core.fsmonitor, core.hooksPath, aliases, filters).</source>
        <translation>Git befolgt die Einstellungen in %1, sobald Sie Git in diesem Ordner aufrufen, und sie können Programme nennen, die Git ausführt (core.fsmonitor, core.hooksPath, Aliase, Filter).</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="125"/>
        <source>git runs %1 by itself as a hook (on commit, checkout, merge or push).</source>
        <translation>Git führt %1 von selbst als Hook aus (bei Commit, Checkout, Merge oder Push).</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="128"/>
        <source>git obeys %1 by itself (attributes that choose filter and diff programs, the sparse checkout).</source>
        <translation>Git befolgt %1 von selbst (Attribute, die Filter- und Diff-Programme wählen, den Sparse-Checkout).</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="132"/>
        <source>%1 makes git take its settings and hooks from another place.</source>
        <translation>%1 lässt Git seine Einstellungen und Hooks von einem anderen Ort nehmen.</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="134"/>
        <source>Commit hooks run what %1 names when you commit.</source>
        <translation>Commit-Hooks führen beim Commit aus, was %1 nennt.</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="136"/>
        <source>direnv runs %1 when you enter the folder.</source>
        <translation>direnv führt %1 aus, wenn Sie den Ordner betreten.</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="138"/>
        <source>Editors run tasks from %1 and obey its settings when they open the folder.</source>
        <translation>Editoren führen Aufgaben aus %1 aus und befolgen seine Einstellungen, wenn sie den Ordner öffnen.</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="142"/>
        <source>Mercurial runs the hooks that %1 names.</source>
        <translation>Mercurial führt die Hooks aus, die %1 nennt.</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="144"/>
        <source>A shell started with this folder as its home runs %1.</source>
        <translation>Eine Shell, die mit diesem Ordner als Home-Ordner startet, führt %1 aus.</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="158"/>
        <source>The workspace has too many files to compare (more than %1 in the %2).</source>
        <translation>Der Arbeitsordner hat zu viele Dateien zum Vergleichen (mehr als %1 in %2).</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="161"/>
        <source>sandbox</source>
        <translation>der Sandbox</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="161"/>
        <source>host folder</source>
        <translation>dem Host-Ordner</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="173"/>
        <source>The contents of %1 are on another file system and were not compared.</source>
        <translation>Der Inhalt von %1 liegt auf einem anderen Dateisystem und wurde nicht verglichen.</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="176"/>
        <source>The contents of %1 could not be read and were not compared: %2</source>
        <translation>Der Inhalt von %1 konnte nicht gelesen werden und wurde nicht verglichen: %2</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="207"/>
        <source>The host&apos;s %1 was not copied into the sandbox, which made its own.</source>
        <translation>%1 des Hosts wurde nicht in die Sandbox kopiert, die ihr eigenes angelegt hat.</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="225"/>
        <source>%1 was also created on the host since the copy.</source>
        <translation>%1 wurde seit der Kopie auch auf dem Host angelegt.</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="228"/>
        <source>%1 was deleted on the host since the copy.</source>
        <translation>%1 wurde seit der Kopie auf dem Host gelöscht.</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="229"/>
        <source>%1 was changed on the host since the copy.</source>
        <translation>%1 wurde seit der Kopie auf dem Host geändert.</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="239"/>
        <source>The setuid, setgid or sticky bit of %1 is not applied.</source>
        <translation>Das setuid-, setgid- oder Sticky-Bit von %1 wird nicht übernommen.</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="267"/>
        <source>The folder %1 holds files on the host that are new or changed since the copy.</source>
        <translation>Der Ordner %1 enthält auf dem Host Dateien, die seit der Kopie neu sind oder geändert wurden.</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="342"/>
        <source>the sandbox&apos;s file was not read</source>
        <translation>die Datei der Sandbox wurde nicht gelesen</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="396"/>
        <source>%1 It is applied only when accepted on its own (its own tick in the review, or --apply-autorun).</source>
        <translation>%1 Es wird nur übernommen, wenn es einzeln angenommen wird (sein eigenes Häkchen in der Prüfung oder --apply-autorun).</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="403"/>
        <source>%1 It was not overwritten.</source>
        <translation>%1 Es wurde nichts überschrieben.</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceDiff.cpp" line="268"/>
        <location filename="../core/workspace/WorkspaceDiff.cpp" line="270"/>
        <source>%1 bytes</source>
        <translation>%1 Bytes</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceDiff.cpp" line="271"/>
        <source>%1 → %2 bytes</source>
        <translation>%1 → %2 Bytes</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceDiff.cpp" line="277"/>
        <source>+%1 −%2</source>
        <translation>+%1 −%2</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceDiff.cpp" line="279"/>
        <source>Binary file, %1</source>
        <translation>Binärdatei, %1</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceDiff.cpp" line="281"/>
        <source>Too large to show (%1)</source>
        <translation>Zu groß zum Anzeigen (%1)</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceDiff.cpp" line="283"/>
        <source>Cannot show the change: %1</source>
        <translation>Die Änderung kann nicht angezeigt werden: %1</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceFolder.cpp" line="50"/>
        <source>%1 changed on the host after the changes were listed; it was left alone.</source>
        <translation>%1 wurde auf dem Host geändert, nachdem die Änderungen aufgelistet wurden; es blieb unberührt.</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceFolder.cpp" line="78"/>
        <location filename="../core/workspace/WorkspaceManifest.cpp" line="214"/>
        <source>Cannot open the folder %1: %2</source>
        <translation>Der Ordner %1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceFolder.cpp" line="88"/>
        <source>The folder %1 is not open.</source>
        <translation>Der Ordner %1 ist nicht geöffnet.</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceFolder.cpp" line="117"/>
        <source>%1 is not a folder on the host.</source>
        <translation>%1 ist kein Ordner auf dem Host.</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceFolder.cpp" line="126"/>
        <source>%1 is on another file system than the workspace.</source>
        <translation>%1 liegt auf einem anderen Dateisystem als der Arbeitsordner.</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceFolder.cpp" line="193"/>
        <source>%1 is not a regular file.</source>
        <translation>%1 ist keine reguläre Datei.</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceFolder.cpp" line="225"/>
        <source>%1 changed in the sandbox after the changes were listed; it was left alone.</source>
        <translation>%1 wurde in der Sandbox geändert, nachdem die Änderungen aufgelistet wurden; es blieb unberührt.</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceFolder.cpp" line="231"/>
        <source>%1 is no link.</source>
        <translation>%1 ist kein Link.</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceFolder.cpp" line="256"/>
        <source>The folder %1 was not removed: it still holds files on the host.</source>
        <translation>Der Ordner %1 wurde nicht entfernt: Er enthält auf dem Host noch Dateien.</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceFolder.cpp" line="324"/>
        <source>The link %1 points outside the workspace (%2).</source>
        <translation>Der Link %1 zeigt aus dem Arbeitsordner heraus (%2).</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceFolder.cpp" line="335"/>
        <source>The link %1 would lead through the link %2 on the host.</source>
        <translation>Der Link %1 würde auf dem Host durch den Link %2 führen.</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceFs.cpp" line="83"/>
        <location filename="../vm/AgentChannel.cpp" line="297"/>
        <source>%1 is larger than %2 bytes</source>
        <translation>%1 ist größer als %2 Bytes</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceManifest.cpp" line="95"/>
        <source>larger than %1 MiB, not compared</source>
        <translation>größer als %1 MiB, nicht verglichen</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceManifest.cpp" line="119"/>
        <source>A workspace manifest entry has no path or an unknown type.</source>
        <translation>Ein Eintrag im Manifest des Arbeitsordners hat keinen Pfad oder einen unbekannten Typ.</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceManifest.cpp" line="230"/>
        <source>Cannot list the folder %1: %2</source>
        <translation>Der Ordner %1 kann nicht aufgelistet werden: %2</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceManifest.cpp" line="315"/>
        <source>A workspace manifest has no list of entries.</source>
        <translation>Ein Manifest des Arbeitsordners hat keine Liste von Einträgen.</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspacePath.cpp" line="12"/>
        <source>The path is empty.</source>
        <translation>Der Pfad ist leer.</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspacePath.cpp" line="14"/>
        <source>The path &quot;%1&quot; contains a NUL character.</source>
        <translation>Der Pfad &quot;%1&quot; enthält ein NUL-Zeichen.</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspacePath.cpp" line="16"/>
        <source>The path &quot;%1&quot; is absolute.</source>
        <translation>Der Pfad &quot;%1&quot; ist absolut.</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspacePath.cpp" line="20"/>
        <source>The path &quot;%1&quot; has an empty component.</source>
        <translation>Der Pfad &quot;%1&quot; hat einen leeren Bestandteil.</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspacePath.cpp" line="22"/>
        <source>The path &quot;%1&quot; contains &quot;%2&quot;.</source>
        <translation>Der Pfad &quot;%1&quot; enthält &quot;%2&quot;.</translation>
    </message>
    <message>
        <location filename="../vm/AgentCall.cpp" line="17"/>
        <source>The agent has not answered yet</source>
        <translation>Der Agent hat noch nicht geantwortet</translation>
    </message>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="111"/>
        <source>its output ended</source>
        <translation>seine Ausgabe endete</translation>
    </message>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="113"/>
        <source>there is no connection to it</source>
        <translation>es gibt keine Verbindung zu ihm</translation>
    </message>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="119"/>
        <source>the connection to it was closed</source>
        <translation>die Verbindung zu ihm wurde geschlossen</translation>
    </message>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="121"/>
        <source>the connection to it was destroyed</source>
        <translation>die Verbindung zu ihm wurde zerstört</translation>
    </message>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="127"/>
        <source>it could not be started: %1</source>
        <translation>er konnte nicht gestartet werden: %1</translation>
    </message>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="144"/>
        <source>its channel was shut down</source>
        <translation>sein Kanal wurde geschlossen</translation>
    </message>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="180"/>
        <source>The request %1 is larger than the agent accepts (%2 bytes)</source>
        <translation>Die Anfrage %1 ist größer, als der Agent annimmt (%2 Bytes)</translation>
    </message>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="208"/>
        <source>it did not answer agent.hello: %1</source>
        <translation>er hat auf agent.hello nicht geantwortet: %1</translation>
    </message>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="228"/>
        <source>the connection to it failed: %1</source>
        <translation>die Verbindung zu ihm ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="266"/>
        <source>A negative read limit was given for %1</source>
        <translation>Für %1 wurde eine negative Lesegrenze angegeben</translation>
    </message>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="441"/>
        <location filename="../vm/AgentChannel.cpp" line="454"/>
        <source>it sent a line longer than %1 bytes</source>
        <translation>er hat eine Zeile länger als %1 Bytes gesendet</translation>
    </message>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="549"/>
        <source>The agent&apos;s answer to %1 holds invalid base64</source>
        <translation>Die Antwort des Agenten auf %1 enthält ungültiges Base64</translation>
    </message>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="680"/>
        <source>the connection to it ended</source>
        <translation>die Verbindung zu ihm endete</translation>
    </message>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="689"/>
        <source>it was killed by signal %1</source>
        <translation>er wurde durch Signal %1 beendet</translation>
    </message>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="691"/>
        <source>it exited with code %1</source>
        <translation>er wurde mit Code %1 beendet</translation>
    </message>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="710"/>
        <source>the sandbox&apos;s agent went away: %1</source>
        <translation>der Agent der Sandbox ist nicht mehr da: %1</translation>
    </message>
    <message>
        <location filename="../vm/AgentExecJob.cpp" line="73"/>
        <location filename="../vm/HostExecJob.cpp" line="138"/>
        <location filename="../vm/HostSandbox.cpp" line="251"/>
        <source>No command given</source>
        <translation>Kein Befehl angegeben</translation>
    </message>
    <message>
        <location filename="../vm/AgentExecJob.cpp" line="117"/>
        <source>it did not end command %1 in time (%2 s after its deadline); the sandbox is not answering</source>
        <translation>er hat Befehl %1 nicht rechtzeitig beendet (%2 s nach seiner Frist); die Sandbox antwortet nicht</translation>
    </message>
    <message>
        <location filename="../vm/AgentExecJob.cpp" line="192"/>
        <source>The sandbox&apos;s agent does not audit workspaces</source>
        <translation>Der Agent der Sandbox prüft keine Arbeitsordner</translation>
    </message>
    <message>
        <location filename="../vm/AgentSandbox.cpp" line="29"/>
        <source>The agent in the sandbox %1 did not answer within %2 s.</source>
        <translation>Der Agent in der Sandbox %1 hat nicht innerhalb von %2 s geantwortet.</translation>
    </message>
    <message>
        <location filename="../vm/AgentSandbox.cpp" line="67"/>
        <source>The agent in %1 did not describe the sandbox: %2</source>
        <translation>Der Agent in %1 hat die Sandbox nicht beschrieben: %2</translation>
    </message>
    <message>
        <location filename="../vm/AgentSandbox.cpp" line="88"/>
        <source>the sandbox was stopped</source>
        <translation>die Sandbox wurde angehalten</translation>
    </message>
    <message>
        <location filename="../vm/AgentSandbox.cpp" line="96"/>
        <source>The sandbox %1 is not running.</source>
        <translation>Die Sandbox %1 läuft nicht.</translation>
    </message>
    <message>
        <location filename="../vm/HostExecJob.cpp" line="210"/>
        <location filename="../vm/LocalPtySession.cpp" line="175"/>
        <location filename="../vm/LocalPtySession.cpp" line="216"/>
        <source>Could not start %1: %2</source>
        <translation>%1 konnte nicht gestartet werden: %2</translation>
    </message>
    <message>
        <location filename="../vm/HostExecJob.cpp" line="353"/>
        <source>terrarium: the command left processes running in the background; they were stopped with it.
</source>
        <translation>terrarium: Der Befehl hat Prozesse im Hintergrund laufen lassen; sie wurden mit ihm beendet.
</translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="147"/>
        <source>The workspace %1 is not accessible: %2</source>
        <translation>Auf den Arbeitsordner %1 kann nicht zugegriffen werden: %2</translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="164"/>
        <source>Confined file access needs Linux 5.6 or newer</source>
        <translation>Eingeschränkter Dateizugriff braucht Linux 5.6 oder neuer</translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="338"/>
        <source>The host sandbox cannot take snapshots; use a Podman or libvirt sandbox to be able to roll back</source>
        <translation>Die Host-Sandbox kann keine Snapshots anlegen; verwenden Sie eine Podman- oder libvirt-Sandbox, um zurücksetzen zu können</translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="349"/>
        <source>The host sandbox cannot roll back: it has no snapshots. Use a Podman or libvirt sandbox for that</source>
        <translation>Die Host-Sandbox kann nicht zurücksetzen: Sie hat keine Snapshots. Verwenden Sie dafür eine Podman- oder libvirt-Sandbox</translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="367"/>
        <source>No workspace directory is set</source>
        <translation>Es ist kein Arbeitsverzeichnis gesetzt</translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="370"/>
        <source>The workspace %1 does not exist</source>
        <translation>Der Arbeitsordner %1 existiert nicht</translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="373"/>
        <source>The workspace %1 is not a directory</source>
        <translation>Der Arbeitsordner %1 ist kein Verzeichnis</translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="443"/>
        <source>The working directory %1 does not exist</source>
        <translation>Das Arbeitsverzeichnis %1 existiert nicht</translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="451"/>
        <source>The working directory %1 is outside the workspace %2</source>
        <translation>Das Arbeitsverzeichnis %1 liegt außerhalb des Arbeitsordners %2</translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="460"/>
        <source>Invalid file path &quot;%1&quot;</source>
        <translation>Ungültiger Dateipfad &quot;%1&quot;</translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="476"/>
        <source>%1 is outside the workspace %2</source>
        <translation>%1 liegt außerhalb des Arbeitsordners %2</translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="483"/>
        <source>Invalid read limit %1</source>
        <translation>Ungültige Lesegrenze %1</translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="501"/>
        <location filename="../vm/HostSandbox.cpp" line="582"/>
        <source>%1 is not a regular file</source>
        <translation>%1 ist keine reguläre Datei</translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="504"/>
        <source>%1 is larger than the %2 bytes allowed</source>
        <translation>%1 ist größer als die erlaubten %2 Bytes</translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="544"/>
        <source>%1 does not name a file</source>
        <translation>%1 bezeichnet keine Datei</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="66"/>
        <source>%1 contains control characters</source>
        <translation>%1 enthält Steuerzeichen</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="72"/>
        <source>%1 is not set</source>
        <translation>%1 ist nicht gesetzt</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="77"/>
        <source>%1 &quot;%2&quot; is not an absolute path</source>
        <translation>%1 &quot;%2&quot; ist kein absoluter Pfad</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="87"/>
        <source>%1: %2.</source>
        <translation>%1: %2.</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="99"/>
        <location filename="../vm/libvirt/DomainXml.cpp" line="569"/>
        <source>the name is not set</source>
        <translation>der Name ist nicht gesetzt</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="100"/>
        <location filename="../vm/libvirt/DomainXml.cpp" line="570"/>
        <source>the name</source>
        <translation>der Name</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="101"/>
        <source>the image</source>
        <translation>das Image</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="102"/>
        <source>the workspace</source>
        <translation>der Arbeitsordner</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="104"/>
        <source>the environment variable name &quot;%1&quot;</source>
        <translation>der Name der Umgebungsvariable &quot;%1&quot;</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="106"/>
        <source>it needs at least one CPU</source>
        <translation>sie braucht mindestens eine CPU</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="108"/>
        <source>it needs some memory</source>
        <translation>sie braucht etwas Speicher</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="109"/>
        <source>the architecture</source>
        <translation>die Architektur</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="110"/>
        <source>the machine type</source>
        <translation>der Maschinentyp</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="111"/>
        <source>the emulator path</source>
        <translation>der Emulatorpfad</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="112"/>
        <source>the kernel path</source>
        <translation>der Kernelpfad</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="113"/>
        <source>the initrd path</source>
        <translation>der initrd-Pfad</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="114"/>
        <source>the kernel command line</source>
        <translation>die Kernel-Befehlszeile</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="115"/>
        <source>the disk path</source>
        <translation>der Plattenpfad</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="116"/>
        <source>the console log path</source>
        <translation>der Pfad des Konsolenprotokolls</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="117"/>
        <source>the agent socket path</source>
        <translation>der Pfad des Agenten-Sockets</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="122"/>
        <source>the agent socket path %1 is %2 bytes long, more than the %3 a UNIX socket allows</source>
        <translation>der Pfad des Agenten-Sockets %1 ist %2 Bytes lang, mehr als die %3, die ein UNIX-Socket erlaubt</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="127"/>
        <source>Cannot describe the VM %1 to libvirt</source>
        <translation>Die VM %1 kann libvirt nicht beschrieben werden</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="150"/>
        <source>A sandbox VM managed by Terrarium: an agent&apos;s commands run in it, and Terrarium removes it with the sandbox.</source>
        <translation>Eine von Terrarium verwaltete Sandbox-VM: Die Befehle eines Agenten laufen darin, und Terrarium entfernt sie mit der Sandbox.</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="153"/>
        <source>Workspace: %1.</source>
        <translation>Arbeitsordner: %1.</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="155"/>
        <source>Created %1 UTC.</source>
        <translation>Angelegt am %1 UTC.</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="308"/>
        <source>&lt;%1&gt; is not a number</source>
        <translation>&lt;%1&gt; ist keine Zahl</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="334"/>
        <source>unknown network policy &quot;%1&quot;</source>
        <translation>unbekannte Netzwerkregel &quot;%1&quot;</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="453"/>
        <source>Terrarium sandbox %1</source>
        <translation>Terrarium-Sandbox %1</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="484"/>
        <source>Cannot describe the VM %1 to libvirt: the XML could not be written</source>
        <translation>Die VM %1 kann libvirt nicht beschrieben werden: Das XML konnte nicht geschrieben werden</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="506"/>
        <source>Cannot read the VM&apos;s description: it is not a libvirt domain</source>
        <translation>Die Beschreibung der VM kann nicht gelesen werden: Sie ist keine libvirt-Domain</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="534"/>
        <source>Cannot read the VM&apos;s description: %1 (line %2)</source>
        <translation>Die Beschreibung der VM kann nicht gelesen werden: %1 (Zeile %2)</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="540"/>
        <source>The VM %1 was not made by Terrarium: it has no Terrarium metadata</source>
        <translation>Die VM %1 wurde nicht von Terrarium angelegt: Sie hat keine Terrarium-Metadaten</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="546"/>
        <source>The Terrarium metadata of the VM %1 is damaged: %2</source>
        <translation>Die Terrarium-Metadaten der VM %1 sind beschädigt: %2</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="571"/>
        <source>the overlay path</source>
        <translation>der Overlay-Pfad</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="573"/>
        <source>Cannot describe the snapshot %1 to libvirt</source>
        <translation>Der Snapshot %1 kann libvirt nicht beschrieben werden</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXmlEdit.cpp" line="160"/>
        <source>disk %1</source>
        <translation>Platte %1</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXmlEdit.cpp" line="187"/>
        <source>source for disk %1</source>
        <translation>Quelle für Platte %1</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXmlEdit.cpp" line="298"/>
        <source>disk %1 in the snapshot</source>
        <translation>Platte %1 im Snapshot</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtBackend.cpp" line="35"/>
        <source>Connecting to libvirt</source>
        <translation>Verbindung mit libvirt</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtBackend.cpp" line="68"/>
        <source>libvirt at %1 offers no QEMU virtual machines for %2: install qemu-system-x86 (Debian/Ubuntu).</source>
        <translation>libvirt auf %1 bietet keine virtuellen QEMU-Maschinen für %2 an: Installieren Sie qemu-system-x86 (Debian/Ubuntu).</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtBackend.cpp" line="90"/>
        <source>qemu-img is missing; install it (Debian/Ubuntu: sudo apt install qemu-utils).</source>
        <translation>qemu-img fehlt; installieren Sie es (Debian/Ubuntu: sudo apt install qemu-utils).</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtBackend.cpp" line="103"/>
        <source>libvirt offers KVM</source>
        <translation>libvirt bietet KVM an</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtBackend.cpp" line="104"/>
        <source>libvirt offers QEMU without KVM (slower)</source>
        <translation>libvirt bietet QEMU ohne KVM an (langsamer)</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtBackend.cpp" line="126"/>
        <source>libvirt is ready</source>
        <translation>libvirt ist bereit</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtBackend.cpp" line="143"/>
        <source>VMs run under QEMU&apos;s software emulation (TCG), several times slower than with KVM%1.</source>
        <translation>VMs laufen unter der Software-Emulation von QEMU (TCG), um ein Mehrfaches langsamer als mit KVM%1.</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtBackend.cpp" line="147"/>
        <source> (KVM: %1)</source>
        <translation> (KVM: %1)</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtBackend.cpp" line="149"/>
        <source>A VM could not be restored from its saved state and booted instead: %1</source>
        <translation>Eine VM konnte nicht aus ihrem gespeicherten Zustand wiederhergestellt werden und wurde stattdessen gebootet: %1</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtBackend.cpp" line="153"/>
        <source>VMs boot instead of starting from a saved state: %1</source>
        <translation>VMs booten, statt aus einem gespeicherten Zustand zu starten: %1</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtBackend.cpp" line="171"/>
        <source>libvirt has not been connected yet.</source>
        <translation>libvirt ist noch nicht verbunden.</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtBackend.cpp" line="200"/>
        <location filename="../vm/libvirt/LibvirtBackend.cpp" line="220"/>
        <source>There is no Terrarium VM named %1.</source>
        <translation>Es gibt keine Terrarium-VM namens %1.</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtBackend.cpp" line="225"/>
        <location filename="../vm/SandboxManager.cpp" line="111"/>
        <source>The sandbox %1 is in use by a running Terrarium; stop that run first.</source>
        <translation>Die Sandbox %1 wird von einem laufenden Terrarium verwendet; halten Sie zuerst diesen Lauf an.</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtBackend.cpp" line="236"/>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="89"/>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="386"/>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="881"/>
        <source>Cannot stop the VM %1</source>
        <translation>Die VM %1 kann nicht angehalten werden</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtConnection.cpp" line="73"/>
        <source>Cannot connect to libvirt at %1</source>
        <translation>Keine Verbindung mit libvirt auf %1 möglich</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtConnection.cpp" line="88"/>
        <source>Cannot list the VMs at %1</source>
        <translation>Die VMs auf %1 können nicht aufgelistet werden</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtConnection.cpp" line="134"/>
        <source>Cannot find the VM %1 at %2</source>
        <translation>Die VM %1 auf %2 wurde nicht gefunden</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtConnection.cpp" line="147"/>
        <source>Cannot read the state of the VM %1</source>
        <translation>Der Zustand der VM %1 kann nicht gelesen werden</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtConnection.cpp" line="157"/>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="107"/>
        <location filename="../vm/libvirt/VmWarmStart.cpp" line="253"/>
        <source>Cannot read the description of the VM %1</source>
        <translation>Die Beschreibung der VM %1 kann nicht gelesen werden</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtConnection.cpp" line="172"/>
        <source>Cannot create the VM %1 at %2</source>
        <translation>Die VM %1 auf %2 kann nicht angelegt werden</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtConnection.cpp" line="188"/>
        <source>Cannot remove the VM %1 at %2</source>
        <translation>Die VM %1 auf %2 kann nicht entfernt werden</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtConnection.cpp" line="199"/>
        <source>Cannot read the host&apos;s capabilities at %1</source>
        <translation>Die Fähigkeiten des Hosts auf %1 können nicht gelesen werden</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtConnection.cpp" line="225"/>
        <source>KVM is not usable</source>
        <translation>KVM ist nicht nutzbar</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtConsoleSession.cpp" line="115"/>
        <source>Cannot open the console of the VM %1</source>
        <translation>Die Konsole der VM %1 kann nicht geöffnet werden</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtConsoleSession.cpp" line="118"/>
        <source>Cannot open the console of the VM %1 (is it open in another pane or in virsh console?)</source>
        <translation>Die Konsole der VM %1 kann nicht geöffnet werden (ist sie in einem anderen Bereich oder in virsh console offen?)</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtConsoleSession.cpp" line="127"/>
        <source>Cannot follow the console of the VM %1 (libvirt&apos;s event loop is not running)</source>
        <translation>Der Konsole der VM %1 kann nicht gefolgt werden (die Ereignisschleife von libvirt läuft nicht)</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtError.cpp" line="83"/>
        <source>libvirtd is not running on %1; start it there (e.g. sudo systemctl start libvirtd, or libvirtd -d).</source>
        <translation>libvirtd läuft nicht auf %1; starten Sie ihn dort (z. B. sudo systemctl start libvirtd oder libvirtd -d).</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtError.cpp" line="86"/>
        <source>libvirtd is not running; start it (e.g. sudo systemctl start libvirtd, or libvirtd -d).</source>
        <translation>libvirtd läuft nicht; starten Sie ihn (z. B. sudo systemctl start libvirtd oder libvirtd -d).</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtError.cpp" line="89"/>
        <source>No libvirt driver accepted this address: libvirtd is not running, or lacks its QEMU driver; start it (e.g. sudo systemctl start libvirtd, or libvirtd -d) and install what is missing (Debian: libvirt-daemon-system qemu-system-x86).</source>
        <translation>Kein libvirt-Treiber hat diese Adresse angenommen: libvirtd läuft nicht oder ihm fehlt sein QEMU-Treiber; starten Sie ihn (z. B. sudo systemctl start libvirtd oder libvirtd -d) und installieren Sie, was fehlt (Debian: libvirt-daemon-system qemu-system-x86).</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtError.cpp" line="95"/>
        <source>The account used on %1 needs access to libvirt there (e.g. membership of the libvirt group).</source>
        <translation>Das auf %1 verwendete Konto braucht dort Zugriff auf libvirt (z. B. Mitgliedschaft in der Gruppe libvirt).</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtError.cpp" line="99"/>
        <source>qemu:///system needs root or membership of the libvirt group (sudo usermod -aG libvirt $USER, then log in again); qemu:///session needs neither.</source>
        <translation>qemu:///system braucht root oder die Mitgliedschaft in der Gruppe libvirt (sudo usermod -aG libvirt $USER, dann neu anmelden); qemu:///session braucht keins von beiden.</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtError.cpp" line="103"/>
        <source>qemu:///session runs as you: check that $XDG_RUNTIME_DIR/libvirt and ~/.config/libvirt belong to you, or use qemu:///system as a member of the libvirt group.</source>
        <translation>qemu:///session läuft als Sie: Prüfen Sie, ob $XDG_RUNTIME_DIR/libvirt und ~/.config/libvirt Ihnen gehören, oder verwenden Sie qemu:///system als Mitglied der Gruppe libvirt.</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtError.cpp" line="107"/>
        <source>Check your access rights to %1.</source>
        <translation>Prüfen Sie Ihre Zugriffsrechte auf %1.</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtError.cpp" line="109"/>
        <source>Hardware virtualisation (KVM) is not usable here: use software emulation (domain type qemu, slower), or make /dev/kvm usable (enable virtualisation in the firmware, load kvm_intel or kvm_amd, join the kvm group).</source>
        <translation>Hardware-Virtualisierung (KVM) ist hier nicht nutzbar: Verwenden Sie Software-Emulation (Domain-Typ qemu, langsamer) oder machen Sie /dev/kvm nutzbar (Virtualisierung in der Firmware einschalten, kvm_intel oder kvm_amd laden, der Gruppe kvm beitreten).</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtError.cpp" line="114"/>
        <source>Check that ssh %1 works from this account without a password prompt (a key, with ssh-agent).</source>
        <translation>Prüfen Sie, ob ssh %1 von diesem Konto aus ohne Passwortabfrage funktioniert (ein Schlüssel, mit ssh-agent).</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtError.cpp" line="176"/>
        <source>%1: libvirt gave no reason</source>
        <translation>%1: libvirt hat keinen Grund genannt</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtError.cpp" line="180"/>
        <source>libvirt error %1</source>
        <translation>libvirt-Fehler %1</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtError.cpp" line="188"/>
        <source>%1: %2. %3</source>
        <translation>%1: %2. %3</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtHostCapabilities.cpp" line="102"/>
        <source>no &lt;capabilities&gt; element</source>
        <translation>kein &lt;capabilities&gt;-Element</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtHostCapabilities.cpp" line="107"/>
        <source>Cannot read libvirt&apos;s host capabilities: %1</source>
        <translation>Die Host-Fähigkeiten von libvirt können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="99"/>
        <source>Cannot create a disk layer for the VM %1: %2</source>
        <translation>Für die VM %1 kann keine Plattenschicht angelegt werden: %2</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="118"/>
        <source>Cannot point the VM %1 at its rolled back disk</source>
        <translation>Die VM %1 kann nicht auf ihre zurückgesetzte Platte umgestellt werden</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="138"/>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="658"/>
        <source>Cannot start the VM %1</source>
        <translation>Die VM %1 kann nicht gestartet werden</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="147"/>
        <source>The VM %1 started on %2 instead of its rolled back disk %3.</source>
        <translation>Die VM %1 ist auf %2 statt auf ihrer zurückgesetzten Platte %3 gestartet.</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="251"/>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="332"/>
        <source>The VM %1 is busy with another snapshot or rollback.</source>
        <translation>Die VM %1 ist mit einem anderen Snapshot oder Zurücksetzen beschäftigt.</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="302"/>
        <source>Cannot replace the snapshot %1 of the VM %2</source>
        <translation>Der Snapshot %1 der VM %2 kann nicht ersetzt werden</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="310"/>
        <source>Cannot take the snapshot %1 of the VM %2</source>
        <translation>Der Snapshot %1 der VM %2 kann nicht angelegt werden</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="343"/>
        <source>The VM %1 has no snapshot named %2.</source>
        <translation>Die VM %1 hat keinen Snapshot namens %2.</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="389"/>
        <source>Cannot roll the VM %1 back</source>
        <translation>Die VM %1 kann nicht zurückgesetzt werden</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="427"/>
        <source>The VM %1 did not come back from the rollback: %2</source>
        <translation>Die VM %1 ist nach dem Zurücksetzen nicht wieder da: %2</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="465"/>
        <location filename="../vm/PodmanSandbox.cpp" line="298"/>
        <source>The sandbox %1 is in use by another Terrarium (process %2).</source>
        <translation>Die Sandbox %1 wird von einem anderen Terrarium verwendet (Prozess %2).</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="505"/>
        <source>The VM %1 is not running.</source>
        <translation>Die VM %1 läuft nicht.</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="519"/>
        <source>Restoring the VM from its ready state</source>
        <translation>Die VM wird aus ihrem Bereitschaftszustand wiederhergestellt</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="526"/>
        <source>cannot copy %1 to %2</source>
        <translation>%1 kann nicht nach %2 kopiert werden</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="556"/>
        <source>the restored VM cannot renew its clock and random state: %1</source>
        <translation>die wiederhergestellte VM kann ihre Uhr und ihren Zufallszustand nicht erneuern: %1</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="590"/>
        <source>Creating the VM&apos;s disk</source>
        <translation>Die Platte der VM wird angelegt</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="606"/>
        <source>Cannot create the disk of the VM %1: %2</source>
        <translation>Die Platte der VM %1 kann nicht angelegt werden: %2</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="615"/>
        <source>Cannot run %1 (package qemu-utils): %2</source>
        <translation>%1 kann nicht ausgeführt werden (Paket qemu-utils): %2</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="651"/>
        <source>Booting the VM (KVM)</source>
        <translation>Die VM bootet (KVM)</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="652"/>
        <source>Booting the VM (emulated, without KVM)</source>
        <translation>Die VM bootet (emuliert, ohne KVM)</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="685"/>
        <source>The VM %1 started without the agent&apos;s channel.</source>
        <translation>Die VM %1 ist ohne den Kanal des Agenten gestartet.</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="690"/>
        <source>The VM %1 has a network interface, but its sandbox must have none; it was changed outside Terrarium.</source>
        <translation>Die VM %1 hat eine Netzwerkschnittstelle, ihre Sandbox darf aber keine haben; sie wurde außerhalb von Terrarium geändert.</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="707"/>
        <source>Waiting for the VM&apos;s agent</source>
        <translation>Warten auf den Agenten der VM</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="733"/>
        <source>Cannot reach the agent of the VM %1 at %2: %3</source>
        <translation>Der Agent der VM %1 auf %2 ist nicht erreichbar: %3</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="786"/>
        <source>Checking the workspace folder in the VM</source>
        <translation>Der Arbeitsordner in der VM wird geprüft</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="807"/>
        <source>Cannot make the workspace folder in the VM %1.</source>
        <translation>Der Arbeitsordner in der VM %1 kann nicht angelegt werden.</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="833"/>
        <source>The VM %1 stopped answering: %2 (did it run out of memory or power off?)</source>
        <translation>Die VM %1 antwortet nicht mehr: %2 (ist ihr der Speicher ausgegangen oder wurde sie ausgeschaltet?)</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="900"/>
        <source>The VM %1 was stopped during the rollback.</source>
        <translation>Die VM %1 wurde während des Zurücksetzens angehalten.</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSaveImage.cpp" line="58"/>
        <location filename="../vm/libvirt/LibvirtSaveImage.cpp" line="74"/>
        <source>it is too short</source>
        <translation>er ist zu kurz</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSaveImage.cpp" line="61"/>
        <source>saving it did not complete</source>
        <translation>das Speichern wurde nicht abgeschlossen</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSaveImage.cpp" line="63"/>
        <source>it is not a libvirt save image</source>
        <translation>er ist kein libvirt-Speicherabbild</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSaveImage.cpp" line="67"/>
        <source>its format version %1 is not supported</source>
        <translation>seine Formatversion %1 wird nicht unterstützt</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSaveImage.cpp" line="71"/>
        <location filename="../vm/libvirt/LibvirtSaveImage.cpp" line="77"/>
        <location filename="../vm/libvirt/LibvirtSaveImage.cpp" line="82"/>
        <source>its header is damaged</source>
        <translation>sein Header ist beschädigt</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSaveImage.cpp" line="96"/>
        <source>Cannot read the saved VM state %1: %2</source>
        <translation>Der gespeicherte VM-Zustand %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSaveImage.cpp" line="110"/>
        <source>Cannot open the saved VM state %1: %2</source>
        <translation>Der gespeicherte VM-Zustand %1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSaveImage.cpp" line="124"/>
        <source>the new name does not fit in it</source>
        <translation>der neue Name passt nicht hinein</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSaveImage.cpp" line="131"/>
        <source>Cannot rewrite the saved VM state %1: %2</source>
        <translation>Der gespeicherte VM-Zustand %1 kann nicht neu geschrieben werden: %2</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmImage.cpp" line="19"/>
        <source>There is no VM image in %1.</source>
        <translation>In %1 gibt es kein VM-Image.</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmImage.cpp" line="46"/>
        <source>The VM image in %1 is incomplete: %2 is missing.</source>
        <translation>Das VM-Image in %1 ist unvollständig: %2 fehlt.</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmImage.cpp" line="51"/>
        <source>The VM image in %1 has no kernel command line in its manifest.</source>
        <translation>Das VM-Image in %1 hat keine Kernel-Befehlszeile in seinem Manifest.</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmImageBuilder.cpp" line="27"/>
        <source>the VM image check has not finished</source>
        <translation>die Prüfung des VM-Images ist nicht abgeschlossen</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmImageBuilder.cpp" line="60"/>
        <source>The VM image build script %1 is missing.</source>
        <translation>Das Build-Skript %1 für das VM-Image fehlt.</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmImageBuilder.cpp" line="65"/>
        <location filename="../vm/PodmanSandbox.cpp" line="312"/>
        <source>The sandbox agent %1 is missing; build Terrarium again.</source>
        <translation>Der Sandbox-Agent %1 fehlt; bauen Sie Terrarium neu.</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmImageBuilder.cpp" line="80"/>
        <source>Building the VM image from Debian packages</source>
        <translation>Das VM-Image wird aus Debian-Paketen gebaut</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmImageBuilder.cpp" line="94"/>
        <source>Building the VM image failed: %1</source>
        <translation>Das Bauen des VM-Images ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmImageBuilder.cpp" line="101"/>
        <source>Cannot move the new VM image to %1.</source>
        <translation>Das neue VM-Image kann nicht nach %1 verschoben werden.</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmImageBuilder.cpp" line="105"/>
        <source>The VM image is ready</source>
        <translation>Das VM-Image ist bereit</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmWarmStateMaker.cpp" line="99"/>
        <location filename="../vm/PodmanCommand.cpp" line="64"/>
        <source>Cannot run %1: %2</source>
        <translation>%1 kann nicht ausgeführt werden: %2</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmImageBuilder.cpp" line="119"/>
        <source>the VM image build was cancelled</source>
        <translation>das Bauen des VM-Images wurde abgebrochen</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmSpecValidation.cpp" line="33"/>
        <source>the name &quot;%1&quot; cannot name a VM: use 1 to %2 ASCII letters, digits, &apos;.&apos;, &apos;_&apos;, &apos;-&apos; or &apos;+&apos;, starting with a letter or digit</source>
        <translation>der Name &quot;%1&quot; taugt nicht als VM-Name: Verwenden Sie 1 bis %2 ASCII-Buchstaben, Ziffern, &apos;.&apos;, &apos;_&apos;, &apos;-&apos; oder &apos;+&apos;, beginnend mit einem Buchstaben oder einer Ziffer</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmSpecValidation.cpp" line="39"/>
        <source>%1 CPUs asked for; the host has %2, so use 1 to %2</source>
        <translation>%1 CPUs angefordert; der Host hat %2, verwenden Sie also 1 bis %2</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmSpecValidation.cpp" line="43"/>
        <source>%1 CPUs asked for; a VM needs at least 1</source>
        <translation>%1 CPUs angefordert; eine VM braucht mindestens 1</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmSpecValidation.cpp" line="46"/>
        <source>%1 MiB of memory asked for; a VM needs at least %2 MiB</source>
        <translation>%1 MiB Speicher angefordert; eine VM braucht mindestens %2 MiB</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmSpecValidation.cpp" line="50"/>
        <source>%1 MiB of memory asked for; the host has %2 MiB</source>
        <translation>%1 MiB Speicher angefordert; der Host hat %2 MiB</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmSpecValidation.cpp" line="58"/>
        <source>The sandbox settings do not fit a VM: %1.</source>
        <translation>Die Sandbox-Einstellungen passen nicht zu einer VM: %1.</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmWarmStart.cpp" line="241"/>
        <source>The VM ready state %1 stayed in use by another start.</source>
        <translation>Der VM-Bereitschaftszustand %1 blieb von einem anderen Start belegt.</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmWarmStart.cpp" line="248"/>
        <source>Cannot read the UUID of the VM %1</source>
        <translation>Die UUID der VM %1 kann nicht gelesen werden</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmWarmStart.cpp" line="264"/>
        <source>Cannot restore the VM %1 from its ready state</source>
        <translation>Die VM %1 kann nicht aus ihrem Bereitschaftszustand wiederhergestellt werden</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmWarmStateMaker.cpp" line="49"/>
        <source>The VM that was to be saved for warm starts did not get ready in time.</source>
        <translation>Die VM, die für Warmstarts gespeichert werden sollte, wurde nicht rechtzeitig bereit.</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmWarmStateMaker.cpp" line="72"/>
        <source>Another Terrarium is making or using the VM ready state %1.</source>
        <translation>Ein anderes Terrarium erstellt oder verwendet den VM-Bereitschaftszustand %1.</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmWarmStateMaker.cpp" line="89"/>
        <source>Cannot create the disk of the VM to save: %1</source>
        <translation>Die Platte der zu speichernden VM kann nicht angelegt werden: %1</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmWarmStateMaker.cpp" line="134"/>
        <source>The VM to save started without the agent&apos;s channel.</source>
        <translation>Die zu speichernde VM ist ohne den Kanal des Agenten gestartet.</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmWarmStateMaker.cpp" line="148"/>
        <source>Cannot start the VM %1 to save</source>
        <translation>Die zu speichernde VM %1 kann nicht gestartet werden</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmWarmStateMaker.cpp" line="173"/>
        <source>The VM to save went away before it held.</source>
        <translation>Die zu speichernde VM ist verschwunden, bevor sie gehalten wurde.</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmWarmStateMaker.cpp" line="182"/>
        <source>The agent of the VM to save went away: %1</source>
        <translation>Der Agent der zu speichernden VM ist nicht mehr da: %1</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmWarmStateMaker.cpp" line="194"/>
        <source>Cannot reach the agent of the VM to save: %1</source>
        <translation>Der Agent der zu speichernden VM ist nicht erreichbar: %1</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmWarmStateMaker.cpp" line="211"/>
        <source>The VM to save cannot set its clock and random state: %1</source>
        <translation>Die zu speichernde VM kann ihre Uhr und ihren Zufallszustand nicht setzen: %1</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmWarmStateMaker.cpp" line="224"/>
        <source>the VM is being saved</source>
        <translation>die VM wird gerade gespeichert</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmWarmStateMaker.cpp" line="254"/>
        <source>Cannot move the VM ready state to %1.</source>
        <translation>Der VM-Bereitschaftszustand kann nicht nach %1 verschoben werden.</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmWarmStateMaker.cpp" line="264"/>
        <source>Cannot save the VM %1</source>
        <translation>Die VM %1 kann nicht gespeichert werden</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmWarmStateMaker.cpp" line="285"/>
        <source>the VM ready state was not made</source>
        <translation>der VM-Bereitschaftszustand wurde nicht erstellt</translation>
    </message>
    <message>
        <location filename="../vm/LocalPtySession.cpp" line="154"/>
        <source>The terminal session was already started</source>
        <translation>Die Terminalsitzung wurde bereits gestartet</translation>
    </message>
    <message>
        <location filename="../vm/LocalPtySession.cpp" line="157"/>
        <source>No program given for the terminal</source>
        <translation>Kein Programm für das Terminal angegeben</translation>
    </message>
    <message>
        <location filename="../vm/LocalPtySession.cpp" line="163"/>
        <source>Could not start %1: not found on the PATH</source>
        <translation>%1 konnte nicht gestartet werden: nicht im PATH gefunden</translation>
    </message>
    <message>
        <location filename="../vm/LocalPtySession.cpp" line="185"/>
        <source>Could not open a pseudo terminal: %1</source>
        <translation>Es konnte kein Pseudoterminal geöffnet werden: %1</translation>
    </message>
    <message>
        <location filename="../vm/LocalPtySession.cpp" line="214"/>
        <source>Could not enter %1: %2</source>
        <translation>%1 konnte nicht betreten werden: %2</translation>
    </message>
    <message>
        <location filename="../vm/PodmanBackend.cpp" line="24"/>
        <source>Checking Podman</source>
        <translation>Podman wird geprüft</translation>
    </message>
    <message>
        <location filename="../vm/PodmanBackend.cpp" line="79"/>
        <source>Choosing a container runtime</source>
        <translation>Eine Container-Laufzeit wird gewählt</translation>
    </message>
    <message>
        <location filename="../vm/PodmanBackend.cpp" line="91"/>
        <source>Podman is ready</source>
        <translation>Podman ist bereit</translation>
    </message>
    <message>
        <location filename="../vm/PodmanBackend.cpp" line="118"/>
        <location filename="../vm/PodmanBackend.cpp" line="135"/>
        <location filename="../vm/PodmanBackend.cpp" line="147"/>
        <source>Podman has not been checked yet.</source>
        <translation>Podman wurde noch nicht geprüft.</translation>
    </message>
    <message>
        <location filename="../vm/PodmanCommand.cpp" line="29"/>
        <source>the podman command has not finished</source>
        <translation>der podman-Befehl ist nicht abgeschlossen</translation>
    </message>
    <message>
        <location filename="../vm/PodmanCommand.cpp" line="76"/>
        <source>podman crashed</source>
        <translation>podman ist abgestürzt</translation>
    </message>
    <message>
        <location filename="../vm/PodmanCommand.cpp" line="77"/>
        <location filename="../vm/WorkspaceTransfer.cpp" line="214"/>
        <source>exit code %1</source>
        <translation>Exit-Code %1</translation>
    </message>
    <message>
        <location filename="../vm/PodmanCommand.cpp" line="90"/>
        <source>podman did not answer within %1 s: %2</source>
        <translation>podman hat nicht innerhalb von %1 s geantwortet: %2</translation>
    </message>
    <message>
        <location filename="../vm/PodmanCommand.cpp" line="104"/>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <location filename="../vm/PodmanImageBuilder.cpp" line="41"/>
        <source>the image build has not finished</source>
        <translation>das Bauen des Images ist nicht abgeschlossen</translation>
    </message>
    <message>
        <location filename="../vm/PodmanImageBuilder.cpp" line="60"/>
        <source>Cannot look for the image %1: %2</source>
        <translation>Nach dem Image %1 kann nicht gesucht werden: %2</translation>
    </message>
    <message>
        <location filename="../vm/PodmanImageBuilder.cpp" line="76"/>
        <source>The image build script %1 is missing.</source>
        <translation>Das Build-Skript %1 für das Image fehlt.</translation>
    </message>
    <message>
        <location filename="../vm/PodmanImageBuilder.cpp" line="97"/>
        <source>Building the sandbox image %1 from Debian packages</source>
        <translation>Das Sandbox-Image %1 wird aus Debian-Paketen gebaut</translation>
    </message>
    <message>
        <location filename="../vm/PodmanImageBuilder.cpp" line="113"/>
        <source>Building the sandbox image failed: %1</source>
        <translation>Das Bauen des Sandbox-Images ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location filename="../vm/PodmanImageBuilder.cpp" line="123"/>
        <source>Importing the root filesystem into Podman</source>
        <translation>Das Wurzeldateisystem wird in Podman importiert</translation>
    </message>
    <message>
        <location filename="../vm/PodmanImageBuilder.cpp" line="138"/>
        <source>Importing the sandbox image failed: %1</source>
        <translation>Der Import des Sandbox-Images ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location filename="../vm/PodmanImageBuilder.cpp" line="143"/>
        <source>The sandbox image %1 is ready</source>
        <translation>Das Sandbox-Image %1 ist bereit</translation>
    </message>
    <message>
        <location filename="../vm/PodmanImageBuilder.cpp" line="159"/>
        <source>the image build was cancelled</source>
        <translation>das Bauen des Images wurde abgebrochen</translation>
    </message>
    <message>
        <location filename="../vm/PodmanPreflight.cpp" line="58"/>
        <source>Cannot create Podman&apos;s run folder %1: %2</source>
        <translation>Der Laufzeitordner %1 von Podman kann nicht angelegt werden: %2</translation>
    </message>
    <message>
        <location filename="../vm/PodmanPreflight.cpp" line="65"/>
        <source>Cannot read Podman&apos;s run folder %1: %2</source>
        <translation>Der Laufzeitordner %1 von Podman kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <location filename="../vm/PodmanPreflight.cpp" line="70"/>
        <source>Podman&apos;s run folder %1 is not a folder owned by you (owner uid %2); someone else may have made it. Remove it, or set XDG_RUNTIME_DIR.</source>
        <translation>Der Laufzeitordner %1 von Podman ist kein Ordner, der Ihnen gehört (Eigentümer-UID %2); jemand anderes hat ihn womöglich angelegt. Entfernen Sie ihn oder setzen Sie XDG_RUNTIME_DIR.</translation>
    </message>
    <message>
        <location filename="../vm/PodmanPreflight.cpp" line="76"/>
        <source>Cannot make Podman&apos;s run folder %1 private: %2</source>
        <translation>Der Laufzeitordner %1 von Podman kann nicht privat gemacht werden: %2</translation>
    </message>
    <message>
        <location filename="../vm/PodmanPreflight.cpp" line="118"/>
        <source>the Podman preflight has not finished</source>
        <translation>die Vorabprüfung von Podman ist nicht abgeschlossen</translation>
    </message>
    <message>
        <location filename="../vm/PodmanPreflight.cpp" line="147"/>
        <source>Podman is not installed, so Terrarium cannot create container sandboxes. Install it (on Debian or Ubuntu: sudo apt install podman runc uidmap slirp4netns) or choose another sandbox.</source>
        <translation>Podman ist nicht installiert, daher kann Terrarium keine Container-Sandboxen anlegen. Installieren Sie es (unter Debian oder Ubuntu: sudo apt install podman runc uidmap slirp4netns) oder wählen Sie eine andere Sandbox.</translation>
    </message>
    <message>
        <location filename="../vm/PodmanPreflight.cpp" line="164"/>
        <source>Rootless Podman needs subordinate user and group ids, and %1 has no range for %2. Add one with: sudo usermod --add-subuids 100000-165535 --add-subgids 100000-165535 %2</source>
        <translation>Rootless Podman braucht untergeordnete Benutzer- und Gruppen-IDs, und %1 hat keinen Bereich für %2. Fügen Sie einen hinzu mit: sudo usermod --add-subuids 100000-165535 --add-subgids 100000-165535 %2</translation>
    </message>
    <message>
        <location filename="../vm/PodmanPreflight.cpp" line="174"/>
        <source>Rootless Podman needs %1, which is missing. Install it (Debian/Ubuntu: sudo apt install uidmap).</source>
        <translation>Rootless Podman braucht %1, das fehlt. Installieren Sie es (Debian/Ubuntu: sudo apt install uidmap).</translation>
    </message>
    <message>
        <location filename="../vm/PodmanPreflight.cpp" line="185"/>
        <source>Sandboxes cannot have network access on this machine: rootless networking needs /dev/net/tun, which this user cannot open (%1). Most systems make it usable by everyone: sudo chmod 0666 /dev/net/tun</source>
        <translation>Sandboxen können auf diesem Rechner keinen Netzwerkzugang haben: Rootless-Networking braucht /dev/net/tun, das dieser Benutzer nicht öffnen kann (%1). Auf den meisten Systemen wird es so für alle nutzbar: sudo chmod 0666 /dev/net/tun</translation>
    </message>
    <message>
        <location filename="../vm/PodmanPreflight.cpp" line="282"/>
        <source>Podman cannot use overlay storage here (%1); the slower vfs driver is used instead.</source>
        <translation>Podman kann hier keinen Overlay-Speicher verwenden (%1); stattdessen wird der langsamere vfs-Treiber verwendet.</translation>
    </message>
    <message>
        <location filename="../vm/PodmanPreflight.cpp" line="290"/>
        <source>Podman does not work for this user: %1</source>
        <translation>Podman funktioniert für diesen Benutzer nicht: %1</translation>
    </message>
    <message>
        <location filename="../vm/PodmanPreflight.cpp" line="299"/>
        <source>podman info gave an answer Terrarium cannot read.</source>
        <translation>podman info hat eine Antwort gegeben, die Terrarium nicht lesen kann.</translation>
    </message>
    <message>
        <location filename="../vm/PodmanPreflight.cpp" line="332"/>
        <source>chooseRuntime() needs a successful check() first</source>
        <translation>chooseRuntime() braucht zuerst ein erfolgreiches check()</translation>
    </message>
    <message>
        <location filename="../vm/PodmanPreflight.cpp" line="344"/>
        <source>No OCI runtime for Podman is installed. Install crun or runc (Debian/Ubuntu: sudo apt install runc).</source>
        <translation>Es ist keine OCI-Laufzeit für Podman installiert. Installieren Sie crun oder runc (Debian/Ubuntu: sudo apt install runc).</translation>
    </message>
    <message>
        <location filename="../vm/PodmanPreflight.cpp" line="373"/>
        <source>No OCI runtime can start a container on this host: %1</source>
        <translation>Keine OCI-Laufzeit kann auf diesem Host einen Container starten: %1</translation>
    </message>
    <message>
        <location filename="../vm/PodmanSandbox.cpp" line="152"/>
        <source>%1 processes (not %2: this account may not allow more)</source>
        <translation>%1 Prozesse (nicht %2: dieses Konto erlaubt womöglich nicht mehr)</translation>
    </message>
    <message>
        <location filename="../vm/PodmanSandbox.cpp" line="155"/>
        <source>%1 processes</source>
        <translation>%1 Prozesse</translation>
    </message>
    <message>
        <location filename="../vm/PodmanSandbox.cpp" line="159"/>
        <source>The sandbox %1 is limited to %2.</source>
        <translation>Die Sandbox %1 ist auf %2 begrenzt.</translation>
    </message>
    <message>
        <location filename="../vm/PodmanSandbox.cpp" line="161"/>
        <source>This host cannot limit rootless containers through cgroups (cgroup v%1, controllers: %2), so the sandbox %3 is limited another way: %4 MiB of memory in total, watched by its agent (a step past it is stopped), and through rlimits %4 MiB of data per process and %5. Its CPU use is not limited (%6 CPUs were asked for).</source>
        <translation>Dieser Host kann Rootless-Container nicht über cgroups begrenzen (cgroup v%1, Controller: %2), daher wird die Sandbox %3 anders begrenzt: insgesamt %4 MiB Speicher, überwacht von ihrem Agenten (ein Schritt darüber wird angehalten), und über rlimits %4 MiB Daten pro Prozess und %5. Ihre CPU-Nutzung ist nicht begrenzt (%6 CPUs waren angefordert).</translation>
    </message>
    <message>
        <location filename="../vm/PodmanSandbox.cpp" line="167"/>
        <source>none delegated</source>
        <translation>keine delegiert</translation>
    </message>
    <message>
        <location filename="../vm/PodmanSandbox.cpp" line="197"/>
        <source>&quot;%1&quot; is not a valid container image name (like localhost/terrarium/debian:bookworm or docker.io/library/debian:12).</source>
        <translation>&quot;%1&quot; ist kein gültiger Container-Image-Name (wie localhost/terrarium/debian:bookworm oder docker.io/library/debian:12).</translation>
    </message>
    <message>
        <location filename="../vm/PodmanSandbox.cpp" line="207"/>
        <source>The workspace folder %1 has a comma or a line break in its name, which Podman cannot mount; rename it or choose another folder.</source>
        <translation>Der Arbeitsordner %1 hat ein Komma oder einen Zeilenumbruch im Namen, den Podman nicht einbinden kann; benennen Sie ihn um oder wählen Sie einen anderen Ordner.</translation>
    </message>
    <message>
        <location filename="../vm/PodmanSandbox.cpp" line="318"/>
        <source>Starting the container %1</source>
        <translation>Der Container %1 wird gestartet</translation>
    </message>
    <message>
        <location filename="../vm/PodmanSandbox.cpp" line="327"/>
        <source>Cannot start the container %1 again: %2</source>
        <translation>Der Container %1 kann nicht erneut gestartet werden: %2</translation>
    </message>
    <message>
        <location filename="../vm/PodmanSandbox.cpp" line="356"/>
        <source>Creating the container %1</source>
        <translation>Der Container %1 wird angelegt</translation>
    </message>
    <message>
        <location filename="../vm/PodmanSandbox.cpp" line="381"/>
        <source>Podman could not create the sandbox from %1: %2</source>
        <translation>Podman konnte die Sandbox nicht aus %1 anlegen: %2</translation>
    </message>
    <message>
        <location filename="../vm/PodmanSandbox.cpp" line="391"/>
        <source>Connecting to the agent in the container</source>
        <translation>Verbindung mit dem Agenten im Container</translation>
    </message>
    <message>
        <location filename="../vm/PodmanSandbox.cpp" line="433"/>
        <source>Cannot make the workspace folder in the sandbox %1.</source>
        <translation>Der Arbeitsordner in der Sandbox %1 kann nicht angelegt werden.</translation>
    </message>
    <message>
        <location filename="../vm/PodmanSandbox.cpp" line="451"/>
        <source>The sandbox %1 stopped answering: %2 (did the container stop or run out of memory?)</source>
        <translation>Die Sandbox %1 antwortet nicht mehr: %2 (wurde der Container angehalten oder ist ihm der Speicher ausgegangen?)</translation>
    </message>
    <message>
        <location filename="../vm/PodmanSandbox.cpp" line="644"/>
        <source>The sandbox did not come back from the snapshot.</source>
        <translation>Die Sandbox ist nach dem Snapshot nicht wieder da.</translation>
    </message>
    <message>
        <location filename="../vm/Sandbox.cpp" line="80"/>
        <source>The %1 sandbox has no console of its own; open a terminal in it instead.</source>
        <translation>Die %1-Sandbox hat keine eigene Konsole; öffnen Sie stattdessen ein Terminal darin.</translation>
    </message>
    <message>
        <location filename="../vm/SandboxJob.cpp" line="16"/>
        <source>The operation has not finished</source>
        <translation>Der Vorgang ist nicht abgeschlossen</translation>
    </message>
    <message>
        <location filename="../vm/SandboxManager.cpp" line="102"/>
        <source>There is no Terrarium sandbox named %1.</source>
        <translation>Es gibt keine Terrarium-Sandbox namens %1.</translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="81"/>
        <source>The sandbox went away.</source>
        <translation>Die Sandbox ist nicht mehr da.</translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="126"/>
        <source>The workspace transfer was cancelled.</source>
        <translation>Die Übertragung des Arbeitsordners wurde abgebrochen.</translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="211"/>
        <source>%1 failed in the sandbox: %2</source>
        <translation>%1 ist in der Sandbox fehlgeschlagen: %2</translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="230"/>
        <location filename="../vm/WorkspaceTransfer.cpp" line="524"/>
        <location filename="../vm/WorkspaceTransfer.cpp" line="542"/>
        <location filename="../vm/WorkspaceTransfer.cpp" line="613"/>
        <source>A workspace transfer is running.</source>
        <translation>Eine Übertragung des Arbeitsordners läuft.</translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="241"/>
        <source>The folder %1 has more than %2 entries; that is too many to copy into a sandbox.</source>
        <translation>Der Ordner %1 hat mehr als %2 Einträge; das sind zu viele, um sie in eine Sandbox zu kopieren.</translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="310"/>
        <source>The name is not valid UTF-8.</source>
        <translation>Der Name ist kein gültiges UTF-8.</translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="316"/>
        <source>It is on another file system.</source>
        <translation>Es liegt auf einem anderen Dateisystem.</translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="322"/>
        <source>Its contents could not be read: %1</source>
        <translation>Sein Inhalt konnte nicht gelesen werden: %1</translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="331"/>
        <location filename="../vm/WorkspaceTransfer.cpp" line="414"/>
        <source>It could not be read: %1</source>
        <translation>Es konnte nicht gelesen werden: %1</translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="329"/>
        <source>It is larger than %1 MiB.</source>
        <translation>Es ist größer als %1 MiB.</translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="337"/>
        <source>The link could not be read: %1</source>
        <translation>Der Link konnte nicht gelesen werden: %1</translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="340"/>
        <source>The link points outside the workspace (%1).</source>
        <translation>Der Link zeigt aus dem Arbeitsordner heraus (%1).</translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="347"/>
        <source>It is a special file (a FIFO, socket or device).</source>
        <translation>Es ist eine Spezialdatei (ein FIFO, Socket oder Gerät).</translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="417"/>
        <source>It changed while the workspace was being copied.</source>
        <translation>Es hat sich geändert, während der Arbeitsordner kopiert wurde.</translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="430"/>
        <source>Cannot copy %1 into the sandbox: %2</source>
        <translation>%1 kann nicht in die Sandbox kopiert werden: %2</translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="467"/>
        <source>The files of this sandbox cannot be listed.</source>
        <translation>Die Dateien dieser Sandbox können nicht aufgelistet werden.</translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="489"/>
        <source>Cannot list the files in the sandbox: %1</source>
        <translation>Die Dateien in der Sandbox können nicht aufgelistet werden: %1</translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="673"/>
        <source>Cannot read %1 in the sandbox: %2</source>
        <translation>%1 kann in der Sandbox nicht gelesen werden: %2</translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="699"/>
        <source>It was not applied.</source>
        <translation>Es wurde nicht übernommen.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlProtocol.cpp" line="53"/>
        <source>&quot;%1&quot; must be a string.</source>
        <translation>&quot;%1&quot; muss ein String sein.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlProtocol.cpp" line="56"/>
        <source>&quot;%1&quot; is longer than %2 characters.</source>
        <translation>&quot;%1&quot; ist länger als %2 Zeichen.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlProtocol.cpp" line="58"/>
        <source>&quot;%1&quot; is empty.</source>
        <translation>&quot;%1&quot; ist leer.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlProtocol.cpp" line="69"/>
        <source>&quot;%1&quot; must be a whole number of at least 1.</source>
        <translation>&quot;%1&quot; muss eine ganze Zahl von mindestens 1 sein.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlProtocol.cpp" line="80"/>
        <source>&quot;run_id&quot; holds characters no run id has.</source>
        <translation>&quot;run_id&quot; enthält Zeichen, die keine Lauf-ID hat.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlProtocol.cpp" line="90"/>
        <source>&quot;terminal_id&quot; is not one this server gives.</source>
        <translation>„terminal_id“ ist keine, die dieser Server vergibt.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlProtocol.cpp" line="101"/>
        <source>&quot;cols&quot; and &quot;rows&quot; must be from 1 to 1000.</source>
        <translation>„cols“ und „rows“ müssen zwischen 1 und 1000 liegen.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlProtocol.cpp" line="115"/>
        <source>&quot;step_id&quot; is too large.</source>
        <translation>&quot;step_id&quot; ist zu groß.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlProtocol.cpp" line="172"/>
        <source>The message is not JSON (%1 at offset %2).</source>
        <translation>Die Nachricht ist kein JSON (%1 bei Offset %2).</translation>
    </message>
    <message>
        <location filename="../core/control/ControlProtocol.cpp" line="176"/>
        <source>The message is not a JSON object.</source>
        <translation>Die Nachricht ist kein JSON-Objekt.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlProtocol.cpp" line="181"/>
        <source>Unsupported protocol version; this server speaks &quot;v&quot;: %1.</source>
        <translation>Nicht unterstützte Protokollversion; dieser Server spricht &quot;v&quot;: %1.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlProtocol.cpp" line="186"/>
        <source>&quot;id&quot; must be a number or a string of at most %1 characters.</source>
        <translation>&quot;id&quot; muss eine Zahl oder ein String mit höchstens %1 Zeichen sein.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlProtocol.cpp" line="194"/>
        <source>The message has no &quot;type&quot;.</source>
        <translation>Die Nachricht hat keinen &quot;type&quot;.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlProtocol.cpp" line="195"/>
        <source>Unknown message type &quot;%1&quot;.</source>
        <translation>Unbekannter Nachrichtentyp &quot;%1&quot;.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlProtocol.cpp" line="208"/>
        <source>auth needs either a &quot;proof&quot; or a &quot;token&quot;.</source>
        <translation>auth braucht entweder einen „proof“ oder ein „token“.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlProtocol.cpp" line="213"/>
        <source>&quot;proof&quot; must be 64 lower-case hex digits.</source>
        <translation>„proof“ muss aus 64 kleingeschriebenen Hexadezimalziffern bestehen.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlProtocol.cpp" line="224"/>
        <source>&quot;nonce&quot; must be %1 to %2 lower-case hex digits.</source>
        <translation>„nonce“ muss aus %1 bis %2 kleingeschriebenen Hexadezimalziffern bestehen.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlProtocol.cpp" line="237"/>
        <source>run.start needs either a &quot;goal&quot; or a &quot;task&quot;.</source>
        <translation>run.start braucht entweder ein &quot;goal&quot; oder eine &quot;task&quot;.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlProtocol.cpp" line="262"/>
        <source>&quot;decision&quot; must be once, session, always or deny.</source>
        <translation>&quot;decision&quot; muss once, session, always oder deny sein.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="148"/>
        <source>The control API listens on loopback addresses only (127.0.0.1 or ::1), not on %1: it can start commands in a sandbox.</source>
        <translation>Die Steuerungs-API lauscht nur auf Loopback-Adressen (127.0.0.1 oder ::1), nicht auf %1: Sie kann Befehle in einer Sandbox starten.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="139"/>
        <source>The control API needs a token of at least %1 characters.</source>
        <translation>Die Steuerungs-API braucht ein Token mit mindestens %1 Zeichen.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="105"/>
        <source>The control API does not serve: [::1]:%1 is taken by another program (%2), while 127.0.0.1:%1 was free. Clients that reach localhost at ::1 would talk to that program instead of Terrarium, so Terrarium serves on both addresses or on neither. Find the program (ss -ltnp &apos;sport = %1&apos;) or choose another port.</source>
        <translation>Die Steuerungs-API wird nicht angeboten: [::1]:%1 ist von einem anderen Programm belegt (%2), während 127.0.0.1:%1 frei war. Clients, die localhost unter ::1 erreichen, würden mit diesem Programm statt mit Terrarium sprechen; deshalb bietet Terrarium auf beiden Adressen an oder auf keiner. Finden Sie das Programm (ss -ltnp &apos;sport = %1&apos;) oder wählen Sie einen anderen Port.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="114"/>
        <source>The control API does not serve: ::1 had the port taken each time 127.0.0.1 got a free one (%1).</source>
        <translation>Die Steuerungs-API wird nicht angeboten: Auf ::1 war der Port jedes Mal belegt, wenn 127.0.0.1 einen freien bekam (%1).</translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="158"/>
        <source>The control API cannot listen on %1 port %2: %3</source>
        <translation>Die Steuerungs-API kann nicht auf %1 Port %2 lauschen: %3</translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="197"/>
        <source>Terrarium stops serving.</source>
        <translation>Terrarium beendet den Dienst.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="274"/>
        <source>Too many control clients (at most %1); try again later.</source>
        <translation>Zu viele Steuerungs-Clients (höchstens %1); versuchen Sie es später erneut.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="277"/>
        <source>too many clients</source>
        <translation>zu viele Clients</translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="300"/>
        <source>Messages are JSON text, not binary.</source>
        <translation>Nachrichten sind JSON-Text, nicht binär.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="344"/>
        <source>The token is not taken over TCP: a client that sends it cannot know who listens at the address. Answer the hello&apos;s challenge instead (docs/CONTROL_API.md, Authentication), or connect to the Unix socket.</source>
        <translation>Über TCP wird das Token nicht angenommen: Ein Client, der es sendet, kann nicht wissen, wer an der Adresse lauscht. Beantworten Sie stattdessen die Challenge des hello (docs/CONTROL_API.md, Authentication), oder verbinden Sie sich mit dem Unix-Socket.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="349"/>
        <source>The token is wrong.</source>
        <translation>Das Token ist falsch.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="318"/>
        <location filename="../core/control/ControlServer.cpp" line="333"/>
        <location filename="../core/control/ControlServer.cpp" line="498"/>
        <source>unauthenticated</source>
        <translation>nicht authentifiziert</translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="332"/>
        <source>No token came in time; closing.</source>
        <translation>Kein Token kam rechtzeitig; die Verbindung wird geschlossen.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="357"/>
        <source>The challenge was answered already.</source>
        <translation>Die Challenge wurde schon beantwortet.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="372"/>
        <source>Not authenticated: answer the hello&apos;s challenge first, with auth.challenge and then auth (docs/CONTROL_API.md).</source>
        <translation>Nicht authentifiziert: Beantworten Sie zuerst die Challenge des hello, mit auth.challenge und dann auth (docs/CONTROL_API.md).</translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="386"/>
        <source>Send auth.challenge (and check the server&apos;s proof) before auth.</source>
        <translation>Senden Sie auth.challenge (und prüfen Sie den Nachweis des Servers) vor auth.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="391"/>
        <source>The proof is wrong: not made with this server&apos;s token, or for another address than %1.</source>
        <translation>Der Nachweis ist falsch: nicht mit dem Token dieses Servers erstellt, oder für eine andere Adresse als %1.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="479"/>
        <source>Too many messages; closing.</source>
        <translation>Zu viele Nachrichten; die Verbindung wird geschlossen.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="480"/>
        <source>too many messages</source>
        <translation>zu viele Nachrichten</translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="487"/>
        <source>Too many messages (at most %1 a second); this one was not read.</source>
        <translation>Zu viele Nachrichten (höchstens %1 pro Sekunde); diese wurde nicht gelesen.</translation>
    </message>
    <message>
        <source>Not authenticated: send the token first, as {&quot;v&quot;: 1, &quot;type&quot;: &quot;auth&quot;, &quot;token&quot;: &quot;…&quot;} or an Authorization: Bearer header.</source>
        <translation type="vanished">Nicht authentifiziert: Senden Sie zuerst das Token, als {&quot;v&quot;: 1, &quot;type&quot;: &quot;auth&quot;, &quot;token&quot;: &quot;…&quot;} oder als Header Authorization: Bearer.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="519"/>
        <location filename="../core/control/ControlServer.cpp" line="622"/>
        <source>This Terrarium runs nothing for control clients.</source>
        <translation>Dieses Terrarium führt nichts für Steuerungs-Clients aus.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="585"/>
        <source>There is no terminal %1 (it may have ended).</source>
        <translation>Es gibt kein Terminal %1 (es hat vielleicht geendet).</translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="606"/>
        <location filename="../core/store/RunStore.cpp" line="381"/>
        <source>There is no kept run %1.</source>
        <translation>Es gibt keinen gespeicherten Lauf %1.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="630"/>
        <source>At most %1 terminals per client.</source>
        <translation>Höchstens %1 Terminals je Client.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="651"/>
        <source>The client fell behind the terminal&apos;s output.</source>
        <translation>Der Client kam mit der Ausgabe des Terminals nicht mit.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="658"/>
        <source>The shell ended.</source>
        <translation>Die Shell hat geendet.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlToken.cpp" line="61"/>
        <source>%1 is shorter than %2 characters; a token that short could be guessed.</source>
        <translation>%1 ist kürzer als %2 Zeichen; ein so kurzes Token ließe sich erraten.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlToken.cpp" line="51"/>
        <source>Cannot make the folder %1 for the control API: %2</source>
        <translation>Kann den Ordner %1 für die Steuerungs-API nicht anlegen: %2</translation>
    </message>
    <message>
        <location filename="../core/control/ControlToken.cpp" line="80"/>
        <source>Cannot write the control token to %1.</source>
        <translation>Das Steuerungs-Token kann nicht nach %1 geschrieben werden.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlToken.cpp" line="86"/>
        <location filename="../core/store/PrivateStorage.cpp" line="82"/>
        <source>Cannot create %1: %2</source>
        <translation>%1 kann nicht angelegt werden: %2</translation>
    </message>
    <message>
        <location filename="../core/control/ControlToken.cpp" line="100"/>
        <source>The control token file %1 is not yours alone (it must be a file you own with mode 0600); remove it and a new one is made.</source>
        <translation>Die Datei %1 mit dem Steuerungs-Token gehört nicht allein Ihnen (sie muss eine Datei in Ihrem Besitz mit Modus 0600 sein); entfernen Sie sie, dann wird eine neue angelegt.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlToken.cpp" line="110"/>
        <source>The control token file %1 holds no usable token; remove it and a new one is made.</source>
        <translation>Die Datei %1 mit dem Steuerungs-Token enthält kein brauchbares Token; entfernen Sie sie, dann wird eine neue angelegt.</translation>
    </message>
    <message>
        <location filename="../core/store/ResumePoint.cpp" line="60"/>
        <source>The step ended %1.</source>
        <translation>Der Schritt endete als %1.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlLocalListener.cpp" line="39"/>
        <source>Another Terrarium serves the control API on %1.</source>
        <translation>Ein anderes Terrarium bietet die Steuerungs-API schon auf %1 an.</translation>
    </message>
    <message>
        <location filename="../core/control/ControlLocalListener.cpp" line="46"/>
        <source>The control API cannot listen on %1: %2</source>
        <translation>Die Steuerungs-API kann nicht auf %1 lauschen: %2</translation>
    </message>
    <message>
        <location filename="../core/control/ControlTokenLoader.cpp" line="14"/>
        <source>the control token</source>
        <translation>das Steuerungs-Token</translation>
    </message>
    <message>
        <location filename="../core/control/ControlTokenLoader.cpp" line="118"/>
        <source>the desktop keyring (secret-tool lookup server %1 user %2)</source>
        <translation>dem Schlüsselbund des Desktops (secret-tool lookup server %1 user %2)</translation>
    </message>
    <message>
        <location filename="../core/llm/PriceTable.cpp" line="93"/>
        <source>A price is &quot;input cached output&quot; or &quot;input cached output cache_write&quot; in dollars per million tokens, not &quot;%1&quot;.</source>
        <translation>Ein Preis ist „Eingabe Cache Ausgabe“ oder „Eingabe Cache Ausgabe Cache-Schreiben“ in Dollar pro Million Token, nicht „%1“.</translation>
    </message>
    <message>
        <location filename="../vm/ImageBuildScript.cpp" line="34"/>
        <source>cannot run %1: %2</source>
        <translation>%1 lässt sich nicht ausführen: %2</translation>
    </message>
    <message>
        <location filename="../vm/ImageBuildScript.cpp" line="86"/>
        <source>%1 ended with exit code %2 and said nothing on stderr</source>
        <translation>%1 endete mit dem Exit-Code %2, ohne etwas auf stderr auszugeben</translation>
    </message>
    <message>
        <location filename="../vm/ImageBuildScript.cpp" line="89"/>
        <source>%1 was killed</source>
        <translation>%1 wurde von einem Signal beendet</translation>
    </message>
    <message numerus="yes">
        <location filename="../vm/MountedWorkspaceCheck.cpp" line="26"/>
        <source> and %n more</source>
        <translation>
            <numerusform> und %n weitere</numerusform>
            <numerusform> und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../vm/MountedWorkspaceCheck.cpp" line="73"/>
        <source>The check of %1 after the run could not be made: %2</source>
        <translation>Die Prüfung von %1 nach dem Lauf war nicht möglich: %2</translation>
    </message>
    <message>
        <location filename="../vm/MountedWorkspaceCheck.cpp" line="78"/>
        <source>During the run, the sandbox created or changed files in %1 that programs on this machine run or obey by themselves (git hooks and settings, .envrc, editor tasks): %2. Check them before you run git or open the folder in an editor.</source>
        <translation>Während des Laufs hat die Sandbox in %1 Dateien angelegt oder geändert, die Programme auf diesem Rechner von selbst ausführen oder befolgen (Git-Hooks und -Einstellungen, .envrc, Editor-Aufgaben): %2. Prüfen Sie sie, bevor Sie Git aufrufen oder den Ordner in einem Editor öffnen.</translation>
    </message>
    <message>
        <location filename="../vm/MountedWorkspaceCheck.cpp" line="84"/>
        <source>Set-user-ID or set-group-ID bits that appeared in %1 were removed from: %2</source>
        <translation>In %1 aufgetauchte Set-User-ID- oder Set-Group-ID-Bits wurden entfernt bei: %2</translation>
    </message>
    <message>
        <location filename="../vm/MountedWorkspaceCheck.cpp" line="88"/>
        <source>These files in %1 have set-user-ID or set-group-ID bits that could not be removed; do not run them: %2</source>
        <translation>Diese Dateien in %1 haben Set-User-ID- oder Set-Group-ID-Bits, die nicht entfernt werden konnten; führen Sie sie nicht aus: %2</translation>
    </message>
    <message>
        <location filename="../vm/MountedWorkspaceCheck.cpp" line="92"/>
        <source>The check of %1 after the run could not look at all of it (too many files or levels, or unreadable parts): what it did not reach was not checked.</source>
        <translation>Die Prüfung von %1 nach dem Lauf konnte nicht alles ansehen (zu viele Dateien oder Ebenen oder unlesbare Teile): Was sie nicht erreicht hat, wurde nicht geprüft.</translation>
    </message>
    <message>
        <location filename="../core/config/LocalListeners.cpp" line="82"/>
        <source>cannot read the table of listening sockets (%1)</source>
        <translation>die Tabelle der lauschenden Sockets kann nicht gelesen werden (%1)</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/ConsoleLogCap.cpp" line="29"/>
        <source>Cannot limit the VM&apos;s console log %1: %2</source>
        <translation>Das Konsolenprotokoll %1 der VM kann nicht begrenzt werden: %2</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmNetworkGuard.cpp" line="50"/>
        <source>Cannot guard the network of the VM %1</source>
        <translation>Das Netzwerk der VM %1 kann nicht abgesichert werden</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmNetworkGuard.cpp" line="55"/>
        <source>Cannot guard the network of the VM %1: QEMU answered &quot;%2&quot; to %3.</source>
        <translation>Das Netzwerk der VM %1 kann nicht abgesichert werden: QEMU antwortete „%2“ auf %3.</translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmNetworkGuard.cpp" line="85"/>
        <source>Cannot guard the network of the VM %1: no socket pair (%2).</source>
        <translation>Das Netzwerk der VM %1 kann nicht abgesichert werden: kein Socket-Paar (%2).</translation>
    </message>
    <message>
        <location filename="../core/store/PrivateStorage.cpp" line="27"/>
        <source>Cannot make %1 private to you: %2</source>
        <translation>%1 kann nicht nur für Sie zugänglich gemacht werden: %2</translation>
    </message>
    <message>
        <location filename="../core/store/PrivateStorage.cpp" line="66"/>
        <source>Cannot make the folder %1.</source>
        <translation>Der Ordner %1 kann nicht angelegt werden.</translation>
    </message>
    <message>
        <location filename="../core/agent/ApprovalFileText.cpp" line="12"/>
        <source>written by step %1</source>
        <translation>geschrieben von Schritt %1</translation>
    </message>
    <message>
        <location filename="../core/agent/ApprovalFileText.cpp" line="13"/>
        <source>changed during this run</source>
        <translation>während dieses Laufs geändert</translation>
    </message>
    <message>
        <location filename="../core/agent/ApprovalFileText.cpp" line="16"/>
        <source>%1 (%2) is a binary file, not text.</source>
        <translation>%1 (%2) ist eine Binärdatei, kein Text.</translation>
    </message>
    <message>
        <location filename="../core/agent/ApprovalFileText.cpp" line="21"/>
        <source>%1 (%2) begins, as it is in the sandbox now:</source>
        <translation>%1 (%2) beginnt so, wie sie jetzt in der Sandbox liegt:</translation>
    </message>
    <message>
        <location filename="../core/agent/ApprovalFileText.cpp" line="24"/>
        <source>%1 (%2) begins, as the command that wrote it had it (the sandbox could not be read: %3):</source>
        <translation>%1 (%2) beginnt so, wie der Befehl sie geschrieben hat (die Sandbox ließ sich nicht lesen: %3):</translation>
    </message>
    <message>
        <location filename="../core/agent/ApprovalFileText.cpp" line="29"/>
        <source>%1 (%2): what it holds is not known (%3).</source>
        <translation>%1 (%2): ihr Inhalt ist nicht bekannt (%3).</translation>
    </message>
    <message>
        <location filename="../core/agent/ApprovalFileText.cpp" line="36"/>
        <source>… (more lines)</source>
        <translation>… (weitere Zeilen)</translation>
    </message>
    <message>
        <location filename="../core/agent/WrittenFilePreview.cpp" line="74"/>
        <source>the sandbox did not answer in time</source>
        <translation>die Sandbox hat nicht rechtzeitig geantwortet</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyGate.cpp" line="147"/>
        <source>%1 (step %2)</source>
        <translation>%1 (Schritt %2)</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyGate.cpp" line="148"/>
        <source>%1 (changed during this run)</source>
        <translation>%1 (während dieses Laufs geändert)</translation>
    </message>
    <message numerus="yes">
        <location filename="../core/safety/SafetyGate.cpp" line="162"/>
        <source>and %n more</source>
        <translation>
            <numerusform>und %n weitere</numerusform>
            <numerusform>und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyGate.cpp" line="169"/>
        <source>Runs a file whose name is only known when the command runs, and this run has written files: it may run code this run wrote</source>
        <translation>Führt eine Datei aus, deren Name erst beim Ausführen feststeht, und dieser Lauf hat Dateien geschrieben: er führt vielleicht Code aus, den dieser Lauf geschrieben hat</translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyGate.cpp" line="171"/>
        <source>Runs code this run wrote: %1</source>
        <translation>Führt Code aus, den dieser Lauf geschrieben hat: %1</translation>
    </message>
    <message numerus="yes">
        <location filename="../core/safety/SafetyGate.cpp" line="182"/>
        <source>The command has %n lines, and every one of them runs: read them all before you allow it</source>
        <translation>
            <numerusform>Der Befehl hat %n Zeile, und sie wird ausgeführt: lesen Sie sie, bevor Sie ihn erlauben</numerusform>
            <numerusform>Der Befehl hat %n Zeilen, und jede davon wird ausgeführt: lesen Sie alle, bevor Sie ihn erlauben</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/llm/ModelProbe.cpp" line="17"/>
        <source>The test has not run yet.</source>
        <translation>Der Test ist noch nicht gelaufen.</translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::ApprovalPanel</name>
    <message>
        <location filename="../ui/ApprovalPanel.cpp" line="25"/>
        <source>Run &amp;once</source>
        <translation>&amp;Einmal ausführen</translation>
    </message>
    <message>
        <location filename="../ui/ApprovalPanel.cpp" line="26"/>
        <source>Allow for this &amp;session</source>
        <translation>Für diese &amp;Sitzung erlauben</translation>
    </message>
    <message>
        <location filename="../ui/ApprovalPanel.cpp" line="27"/>
        <source>&amp;Always allow</source>
        <translation>&amp;Immer erlauben</translation>
    </message>
    <message>
        <location filename="../ui/ApprovalPanel.cpp" line="28"/>
        <source>&amp;Deny</source>
        <translation>A&amp;blehnen</translation>
    </message>
    <message>
        <location filename="../ui/ApprovalPanel.cpp" line="32"/>
        <source>Approval needed</source>
        <translation>Freigabe nötig</translation>
    </message>
    <message>
        <location filename="../ui/ApprovalPanel.cpp" line="46"/>
        <source>Command waiting for approval</source>
        <translation>Befehl wartet auf Freigabe</translation>
    </message>
    <message>
        <location filename="../ui/ApprovalPanel.cpp" line="53"/>
        <source>Files this run wrote that the command runs</source>
        <translation>Dateien dieses Laufs, die der Befehl ausführt</translation>
    </message>
    <message>
        <location filename="../ui/ApprovalPanel.cpp" line="58"/>
        <source>Run this command now; ask again next time</source>
        <translation>Diesen Befehl jetzt ausführen; beim nächsten Mal erneut fragen</translation>
    </message>
    <message>
        <location filename="../ui/ApprovalPanel.cpp" line="60"/>
        <source>Run it, and the same command again without asking until Terrarium quits</source>
        <translation>Ausführen, und denselben Befehl ohne Nachfrage erneut ausführen, bis Terrarium beendet wird</translation>
    </message>
    <message>
        <location filename="../ui/ApprovalPanel.cpp" line="61"/>
        <source>Run it, and never ask about this exact command again</source>
        <translation>Ausführen, und nie wieder nach genau diesem Befehl fragen</translation>
    </message>
    <message>
        <location filename="../ui/ApprovalPanel.cpp" line="62"/>
        <source>Do not run it; the planner looks for another way</source>
        <translation>Nicht ausführen; der Planer sucht einen anderen Weg</translation>
    </message>
    <message>
        <location filename="../ui/ApprovalPanel.cpp" line="95"/>
        <source>Step %1 wants to run a command with %2 risk. Run it?</source>
        <translation>Schritt %1 will einen Befehl mit Risiko %2 ausführen. Ausführen?</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/ApprovalPanel.cpp" line="98"/>
        <source>It has %n lines, and every one of them runs: scroll to read them all.</source>
        <translation>
            <numerusform>Er hat %n Zeile, und sie wird ausgeführt: scrollen Sie, um sie zu lesen.</numerusform>
            <numerusform>Er hat %n Zeilen, und jede davon wird ausgeführt: scrollen Sie, um alle zu lesen.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::ChangeReviewPanel</name>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="43"/>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="55"/>
        <source>A binary file (%1): its contents are not shown.</source>
        <translation>Eine Binärdatei (%1): Ihr Inhalt wird nicht angezeigt.</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="58"/>
        <source>Too large to show here (%1).</source>
        <translation>Zu groß, um hier angezeigt zu werden (%1).</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="60"/>
        <source>The difference cannot be shown: %1</source>
        <translation>Der Unterschied kann nicht angezeigt werden: %1</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="71"/>
        <source>Only the permissions change: %1 → %2.</source>
        <translation>Nur die Rechte ändern sich: %1 → %2.</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="76"/>
        <source>A file becomes a folder here.</source>
        <translation>Eine Datei wird hier zu einem Ordner.</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="77"/>
        <source>A folder the sandbox made.</source>
        <translation>Ein Ordner, den die Sandbox angelegt hat.</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="78"/>
        <source>A folder the sandbox removed, with what it held.</source>
        <translation>Ein Ordner, den die Sandbox entfernt hat, samt Inhalt.</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="82"/>
        <source>A link the sandbox removed.</source>
        <translation>Ein Link, den die Sandbox entfernt hat.</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="84"/>
        <source>A link, now pointing to %1 instead of %2.</source>
        <translation>Ein Link, der jetzt auf %1 statt auf %2 zeigt.</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="87"/>
        <source>A link pointing to %1.</source>
        <translation>Ein Link, der auf %1 zeigt.</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="91"/>
        <source>A special file (a FIFO, socket or device).</source>
        <translation>Eine Spezialdatei (ein FIFO, Socket oder Gerät).</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="92"/>
        <source>There is no difference to show.</source>
        <translation>Es gibt keinen Unterschied anzuzeigen.</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="131"/>
        <source>Changes made in the sandbox</source>
        <translation>In der Sandbox vorgenommene Änderungen</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="171"/>
        <source>Back to the Main Window</source>
        <translation>Zurück ins Hauptfenster</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="172"/>
        <source>Show the changes in the main window again</source>
        <translation>Die Änderungen wieder im Hauptfenster zeigen</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="174"/>
        <source>Open in Window</source>
        <translation>In eigenem Fenster öffnen</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="175"/>
        <source>Review the changes in a window of their own, with room for the differences</source>
        <translation>Die Änderungen in einem eigenen Fenster prüfen, mit Platz für die Unterschiede</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="198"/>
        <source>Changed files</source>
        <translation>Geänderte Dateien</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="206"/>
        <source>Tick the changes to apply; Space ticks the selected one</source>
        <translation>Haken Sie die zu übernehmenden Änderungen an; die Leertaste hakt die ausgewählte an</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="248"/>
        <source>Select All</source>
        <translation>Alle auswählen</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="249"/>
        <source>Tick every change that can be applied; changes made on the host too stay as they are</source>
        <translation>Jede übernehmbare Änderung anhaken; auch auf dem Host geänderte bleiben, wie sie sind</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="252"/>
        <source>Select None</source>
        <translation>Keine auswählen</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="253"/>
        <source>Untick every change</source>
        <translation>Alle Haken entfernen</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="255"/>
        <source>Discard All</source>
        <translation>Alle verwerfen</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="256"/>
        <source>Leave the host folder as it is; nothing of these changes is applied</source>
        <translation>Den Host-Ordner lassen, wie er ist; nichts von diesen Änderungen wird übernommen</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="259"/>
        <source>Apply Selected</source>
        <translation>Ausgewählte übernehmen</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="260"/>
        <source>Write the ticked changes to the host folder</source>
        <translation>Die angehakten Änderungen in den Host-Ordner schreiben</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="307"/>
        <source>Result of applying the changes</source>
        <translation>Ergebnis der Übernahme</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="316"/>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="317"/>
        <source>Done with the sandbox&apos;s changes</source>
        <translation>Fertig mit den Änderungen der Sandbox</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="388"/>
        <source>No files changed in the sandbox</source>
        <translation>Keine Dateien in der Sandbox geändert</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="390"/>
        <source>1 file changed in the sandbox</source>
        <translation>1 Datei in der Sandbox geändert</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/ChangeReviewPanel.cpp" line="391"/>
        <source>%n files changed in the sandbox</source>
        <translation>
            <numerusform>%n Datei in der Sandbox geändert</numerusform>
            <numerusform>%n Dateien in der Sandbox geändert</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="392"/>
        <source>%1 added</source>
        <translation>%1 hinzugefügt</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="392"/>
        <source>%1 changed</source>
        <translation>%1 geändert</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="393"/>
        <source>%1 deleted</source>
        <translation>%1 gelöscht</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/ChangeReviewPanel.cpp" line="395"/>
        <source>%n also changed on the host</source>
        <translation>
            <numerusform>%n auch auf dem Host geändert</numerusform>
            <numerusform>%n auch auf dem Host geändert</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/ChangeReviewPanel.cpp" line="397"/>
        <source>%n would run by itself on your machine</source>
        <translation>
            <numerusform>%n würde auf Ihrem Rechner von selbst laufen</numerusform>
            <numerusform>%n würden auf Ihrem Rechner von selbst laufen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/ChangeReviewPanel.cpp" line="399"/>
        <source>%n cannot be applied</source>
        <translation>
            <numerusform>%n nicht übernehmbar</numerusform>
            <numerusform>%n nicht übernehmbar</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="400"/>
        <source> · </source>
        <translation> · </translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="402"/>
        <source>Nothing has been written to the host folder yet.</source>
        <translation>In den Host-Ordner wurde noch nichts geschrieben.</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="403"/>
        <source>Applying writes to %1; nothing has been written there yet.</source>
        <translation>Übernehmen schreibt nach %1; dort wurde noch nichts geschrieben.</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="420"/>
        <source>%1 of %2 selected</source>
        <translation>%1 von %2 ausgewählt</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="432"/>
        <source>Select a change to see it here.</source>
        <translation>Wählen Sie eine Änderung aus, um sie hier zu sehen.</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="433"/>
        <source>The sandbox changed nothing.</source>
        <translation>Die Sandbox hat nichts geändert.</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="447"/>
        <source>This change cannot be applied: %1</source>
        <translation>Diese Änderung kann nicht übernommen werden: %1</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="452"/>
        <source>%1 Programs on your machine would run or obey it without asking you, so it is not ticked with the others: tick it on its own only if you trust what it says.</source>
        <translation>%1 Programme auf Ihrem Rechner würden es ausführen oder befolgen, ohne Sie zu fragen, deshalb ist es nicht mit den anderen angehakt: Haken Sie es nur einzeln an, wenn Sie seinem Inhalt trauen.</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="459"/>
        <source>%1 Ticking it overwrites the host&apos;s version.</source>
        <translation>%1 Wird sie angehakt, wird die Fassung des Hosts überschrieben.</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="510"/>
        <source>Applied 1 change to the host folder</source>
        <translation>1 Änderung in den Host-Ordner übernommen</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/ChangeReviewPanel.cpp" line="511"/>
        <source>Applied %n changes to the host folder</source>
        <translation>
            <numerusform>%n Änderung in den Host-Ordner übernommen</numerusform>
            <numerusform>%n Änderungen in den Host-Ordner übernommen</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="512"/>
        <source>1 change could not be applied</source>
        <translation>1 Änderung konnte nicht übernommen werden</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/ChangeReviewPanel.cpp" line="513"/>
        <source>%n changes could not be applied</source>
        <translation>
            <numerusform>%n Änderung konnte nicht übernommen werden</numerusform>
            <numerusform>%n Änderungen konnten nicht übernommen werden</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="516"/>
        <source>1 change was applied.</source>
        <translation>1 Änderung wurde übernommen.</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/ChangeReviewPanel.cpp" line="517"/>
        <source>%n changes were applied.</source>
        <translation>
            <numerusform>%n Änderung wurde übernommen.</numerusform>
            <numerusform>%n Änderungen wurden übernommen.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="520"/>
        <source>1 change was not selected and stays in the sandbox.</source>
        <translation>1 Änderung wurde nicht ausgewählt und bleibt in der Sandbox.</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/ChangeReviewPanel.cpp" line="521"/>
        <source>%n changes were not selected and stay in the sandbox.</source>
        <translation>
            <numerusform>%n Änderung wurde nicht ausgewählt und bleibt in der Sandbox.</numerusform>
            <numerusform>%n Änderungen wurden nicht ausgewählt und bleiben in der Sandbox.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="524"/>
        <source>Host folder: %1</source>
        <translation>Host-Ordner: %1</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="532"/>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="532"/>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="543"/>
        <source>Not applied: %1</source>
        <translation>Nicht übernommen: %1</translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="546"/>
        <source>Applied</source>
        <translation>Übernommen</translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::CommandBlock</name>
    <message>
        <location filename="../ui/CommandBlock.cpp" line="30"/>
        <location filename="../ui/CommandBlock.cpp" line="34"/>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <location filename="../ui/CommandBlock.cpp" line="59"/>
        <location filename="../ui/CommandBlock.cpp" line="78"/>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <location filename="../ui/CommandBlock.cpp" line="64"/>
        <source>Copy the command to the clipboard (Ctrl+Shift+C)</source>
        <translation>Den Befehl in die Zwischenablage kopieren (Strg+Umschalt+C)</translation>
    </message>
    <message>
        <location filename="../ui/CommandBlock.cpp" line="65"/>
        <source>Copy command</source>
        <translation>Befehl kopieren</translation>
    </message>
    <message>
        <location filename="../ui/CommandBlock.cpp" line="71"/>
        <source>Copy a step&apos;s command (its card focused)</source>
        <translation>Den Befehl eines Schritts kopieren (seine Karte hat den Fokus)</translation>
    </message>
    <message>
        <location filename="../ui/CommandBlock.cpp" line="125"/>
        <source>Copied</source>
        <translation>Kopiert</translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::ConsoleView</name>
    <message numerus="yes">
        <location filename="../ui/ConsoleView.cpp" line="313"/>
        <source>… %Ln lines above are in the saved output</source>
        <translation>
            <numerusform>… %Ln Zeile darüber steht in der gespeicherten Ausgabe</numerusform>
            <numerusform>… %Ln Zeilen darüber stehen in der gespeicherten Ausgabe</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="566"/>
        <source>This console does not keep its output; the step does.</source>
        <translation>Diese Konsole behält ihre Ausgabe nicht; der Schritt tut es.</translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="836"/>
        <source>&amp;Copy</source>
        <translation>&amp;Kopieren</translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="841"/>
        <source>Select &amp;All</source>
        <translation>&amp;Alles auswählen</translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="847"/>
        <source>&amp;Save Full Output…</source>
        <translation>Vollständige Ausgabe &amp;speichern…</translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="854"/>
        <source>C&amp;lear View</source>
        <translation>Ansicht &amp;leeren</translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="855"/>
        <source>Empties this view; the saved output keeps everything</source>
        <translation>Leert diese Ansicht; die gespeicherte Ausgabe behält alles</translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="864"/>
        <source>standard-output.txt</source>
        <translation>standard-output.txt</translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="865"/>
        <source>standard-error.txt</source>
        <translation>standard-error.txt</translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="868"/>
        <location filename="../ui/ConsoleView.cpp" line="873"/>
        <source>Save Full Output</source>
        <translation>Vollständige Ausgabe speichern</translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="868"/>
        <source>Text files (*.txt *.log);;All files (*)</source>
        <translation>Textdateien (*.txt *.log);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="623"/>
        <location filename="../ui/ConsoleView.cpp" line="627"/>
        <source>stdout</source>
        <translation>stdout</translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="625"/>
        <location filename="../ui/ConsoleView.cpp" line="627"/>
        <source>stderr</source>
        <translation>stderr</translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="657"/>
        <source>Show Less</source>
        <translation>Weniger anzeigen</translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="657"/>
        <source>Show All</source>
        <translation>Alles anzeigen</translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="658"/>
        <source>Back to the usual height, scrolling inside</source>
        <translation>Zurück zur üblichen Höhe, mit Scrollen im Inneren</translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="659"/>
        <source>Show every line at full height, without scrolling</source>
        <translation>Jede Zeile in voller Höhe anzeigen, ohne Scrollen</translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="661"/>
        <source>Show less of %1</source>
        <translation>Weniger von %1 anzeigen</translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="662"/>
        <source>Show all of %1</source>
        <translation>Alles von %1 anzeigen</translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="866"/>
        <source>output.txt</source>
        <translation>output.txt</translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::DiffView</name>
    <message>
        <location filename="../ui/DiffView.cpp" line="48"/>
        <source>Differences</source>
        <translation>Unterschiede</translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::FolderLink</name>
    <message>
        <location filename="../ui/FolderLink.cpp" line="32"/>
        <source>The run&apos;s folder</source>
        <translation>Der Ordner des Laufs</translation>
    </message>
    <message>
        <location filename="../ui/FolderLink.cpp" line="49"/>
        <source>Folder: %1 (%2)</source>
        <translation>Ordner: %1 (%2)</translation>
    </message>
    <message>
        <location filename="../ui/FolderLink.cpp" line="51"/>
        <source>Folder: %1 (no longer there)</source>
        <translation>Ordner: %1 (nicht mehr vorhanden)</translation>
    </message>
    <message>
        <location filename="../ui/FolderLink.cpp" line="54"/>
        <source>Folder: &lt;a href=&quot;%1&quot;&gt;%2&lt;/a&gt;</source>
        <translation>Ordner: &lt;a href=&quot;%1&quot;&gt;%2&lt;/a&gt;</translation>
    </message>
    <message>
        <location filename="../ui/FolderLink.cpp" line="58"/>
        <source>Open %1 in the file manager</source>
        <translation>%1 im Dateimanager öffnen</translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::MainWindow</name>
    <message>
        <location filename="../ui/MainWindow.cpp" line="67"/>
        <source>Terrarium</source>
        <translation>Terrarium</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="97"/>
        <location filename="../ui/MainWindow.cpp" line="315"/>
        <source>&amp;Run</source>
        <translation>&amp;Ausführen</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="74"/>
        <source>&amp;Goal:</source>
        <translation>&amp;Ziel:</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="77"/>
        <source>Describe what the agent should do, e.g. &quot;run the test suite and fix what fails&quot;. Ctrl+Enter runs it; you can also drop a .md, .txt or .yaml task file here.</source>
        <translation>Beschreiben Sie, was der Agent tun soll, z. B. &quot;run the test suite and fix what fails&quot;. Strg+Eingabe führt es aus; Sie können auch eine .md-, .txt- oder .yaml-Aufgabendatei hier ablegen.</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="79"/>
        <source>Goal</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="89"/>
        <source>&amp;Sandbox:</source>
        <translation>&amp;Sandbox:</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="91"/>
        <source>Podman container</source>
        <translation>Podman-Container</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="92"/>
        <source>libvirt virtual machine</source>
        <translation>Virtuelle libvirt-Maschine</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="93"/>
        <source>Host (no isolation)</source>
        <translation>Host (keine Isolation)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="94"/>
        <source>Sandbox</source>
        <translation>Sandbox</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="99"/>
        <source>Start the run (Ctrl+Enter)</source>
        <translation>Den Lauf starten (Strg+Eingabe)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="107"/>
        <source>S&amp;top</source>
        <translation>Anha&amp;lten</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="108"/>
        <source>Stop the run and everything it started (Ctrl+.)</source>
        <translation>Den Lauf und alles, was er gestartet hat, anhalten (Strg+.)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="111"/>
        <source>Workspace:</source>
        <translation>Arbeitsordner:</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="114"/>
        <source>Workspace folder</source>
        <translation>Arbeitsordner</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="116"/>
        <source>&amp;Change…</source>
        <translation>Ände&amp;rn…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="117"/>
        <source>The host folder the sandbox sees as /workspace</source>
        <translation>Der Host-Ordner, den die Sandbox als /workspace sieht</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="128"/>
        <source>Commands will run directly on this computer, as you, with no isolation.</source>
        <translation>Befehle werden direkt auf diesem Computer ausgeführt, als Sie, ohne Isolation.</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="165"/>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="167"/>
        <source>Open Preferences…</source>
        <translation>Einstellungen öffnen…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="189"/>
        <source>Remote terminals</source>
        <translation>Ferngesteuerte Terminals</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="249"/>
        <source>Ready</source>
        <translation>Bereit</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="304"/>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="305"/>
        <source>&amp;Open Task File…</source>
        <translation>Aufgabendatei ö&amp;ffnen…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="309"/>
        <source>Choose &amp;Workspace…</source>
        <translation>&amp;Arbeitsordner wählen…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="312"/>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="316"/>
        <source>&amp;Run Goal</source>
        <translation>Ziel &amp;ausführen</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="321"/>
        <source>&amp;Stop</source>
        <translation>An&amp;halten</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="330"/>
        <source>&amp;View</source>
        <translation>A&amp;nsicht</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="332"/>
        <source>Focus &amp;Goal</source>
        <translation>Fokus auf &amp;Ziel</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="335"/>
        <source>Focus &amp;Plan</source>
        <translation>Fokus auf &amp;Plan</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="338"/>
        <source>&amp;Collapse All Steps</source>
        <translation>Alle Schritte &amp;einklappen</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="342"/>
        <source>&amp;Expand All Steps</source>
        <translation>Alle Schritte a&amp;usklappen</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="375"/>
        <source>&amp;Settings</source>
        <translation>&amp;Einstellungen</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="377"/>
        <source>&amp;Preferences…</source>
        <translation>Terrarium ein&amp;richten…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="386"/>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="387"/>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="394"/>
        <source>&amp;User Guide</source>
        <translation>&amp;Handbuch</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="396"/>
        <source>The guide to the window, in the README</source>
        <translation>Die Anleitung zum Fenster, in der README</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="398"/>
        <source>&amp;About Terrarium</source>
        <translation>Ü&amp;ber Terrarium</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="399"/>
        <source>About Terrarium</source>
        <translation>Über Terrarium</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="400"/>
        <source>&lt;p&gt;&lt;b&gt;Terrarium %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Plans a goal with a language model, runs each step as a command inside a sandbox, and shows it all live.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Terrarium %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Plant ein Ziel mit einem Sprachmodell, führt jeden Schritt als Befehl in einer Sandbox aus und zeigt alles live.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="489"/>
        <source>Changes Made in the Sandbox</source>
        <translation>In der Sandbox vorgenommene Änderungen</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="667"/>
        <source>Type a goal first.</source>
        <translation>Geben Sie zuerst ein Ziel ein.</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="676"/>
        <source>Open Task File</source>
        <translation>Aufgabendatei öffnen</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="677"/>
        <source>Task files (*.yaml *.yml *.md *.markdown *.txt);;All files (*)</source>
        <translation>Aufgabendateien (*.yaml *.yml *.md *.markdown *.txt);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="694"/>
        <source>Choose the Workspace Folder</source>
        <translation>Arbeitsordner wählen</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="731"/>
        <source>Stop the Run?</source>
        <translation>Lauf anhalten?</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="731"/>
        <source>A run is in progress. Stop it and close Terrarium?</source>
        <translation>Ein Lauf ist im Gange. Ihn anhalten und Terrarium schließen?</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="120"/>
        <source>Choose a &amp;Folder…</source>
        <translation>Einen &amp;Ordner wählen…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="121"/>
        <source>A &amp;New Folder for Each Run</source>
        <translation>Ein &amp;neuer Ordner für jeden Lauf</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="307"/>
        <source>&amp;Replay…</source>
        <translation>Runbook ab&amp;spielen…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="326"/>
        <source>Review &amp;Workspace Changes</source>
        <translation>Änderungen im Arbeitsordner &amp;prüfen</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="328"/>
        <source>What a sandbox that works on a copy changed, to apply or discard</source>
        <translation>Was eine Sandbox, die auf einer Kopie arbeitet, geändert hat, zum Übernehmen oder Verwerfen</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="346"/>
        <source>Run &amp;History</source>
        <translation>&amp;Verlauf der Läufe</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="353"/>
        <source>The kept runs, to look at again, run again or delete</source>
        <translation>Die gespeicherten Läufe, zum erneuten Ansehen, erneuten Ausführen oder Löschen</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="357"/>
        <source>&amp;Terminal</source>
        <translation>&amp;Terminal</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="363"/>
        <source>A shell inside the run&apos;s sandbox</source>
        <translation>Eine Shell in der Sandbox des Laufs</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="365"/>
        <source>Open the Sandbox&apos;s &amp;Console</source>
        <translation>&amp;Konsole der Sandbox öffnen</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="367"/>
        <source>A VM&apos;s serial console: its boot messages and a root shell</source>
        <translation>Die serielle Konsole einer VM: ihre Boot-Meldungen und eine root-Shell</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="631"/>
        <source>A new folder in %1 for each run</source>
        <translation>Ein neuer Ordner in %1 für jeden Lauf</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="685"/>
        <source>Replay a Runbook</source>
        <translation>Ein Runbook abspielen</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="686"/>
        <source>Runbooks (*.yaml *.yml);;All files (*)</source>
        <translation>Runbooks (*.yaml *.yml);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="769"/>
        <source>on this computer itself (the host sandbox, no isolation)</source>
        <translation>auf diesem Computer selbst (die Host-Sandbox, keine Isolation)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="770"/>
        <source>in the run&apos;s sandbox (%1)</source>
        <translation>in der Sandbox des Laufs (%1)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="773"/>
        <source>A remote control client has a terminal open %1. What it types there passes no safety check and is not recorded.</source>
        <translation>Ein Fernsteuerungs-Client hat ein Terminal %1 offen. Was er dort eingibt, durchläuft keine Sicherheitsprüfung und wird nicht aufgezeichnet.</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/MainWindow.cpp" line="775"/>
        <source>Remote control clients have %n terminals open %1. What they type there passes no safety check and is not recorded.</source>
        <translation>
            <numerusform>Fernsteuerungs-Clients haben %n Terminal %1 offen. Was sie dort eingeben, durchläuft keine Sicherheitsprüfung und wird nicht aufgezeichnet.</numerusform>
            <numerusform>Fernsteuerungs-Clients haben %n Terminals %1 offen. Was sie dort eingeben, durchläuft keine Sicherheitsprüfung und wird nicht aufgezeichnet.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="870"/>
        <source>The goal of the run in progress; stop it to change the goal</source>
        <translation>Das Ziel des laufenden Laufs; halten Sie ihn an, um das Ziel zu ändern</translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::PastRunView</name>
    <message>
        <location filename="../ui/PastRunView.cpp" line="25"/>
        <source>&amp;Back to Current</source>
        <translation>&amp;Zurück zum aktuellen Lauf</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="26"/>
        <source>Run &amp;Again…</source>
        <translation>&amp;Erneut ausführen…</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="27"/>
        <source>&amp;Delete…</source>
        <translation>&amp;Löschen…</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="28"/>
        <source>&amp;Resume…</source>
        <translation>&amp;Fortsetzen…</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="64"/>
        <source>Back to the current run (Esc)</source>
        <translation>Zurück zum aktuellen Lauf (Esc)</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="66"/>
        <location filename="../ui/PastRunView.cpp" line="130"/>
        <source>Start a new run with this goal</source>
        <translation>Einen neuen Lauf mit diesem Ziel starten</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="67"/>
        <source>Delete this run and its output from the history</source>
        <translation>Diesen Lauf und seine Ausgabe aus dem Verlauf löschen</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="68"/>
        <source>Go on with this run from the step that did not finish</source>
        <translation>Diesen Lauf ab dem Schritt fortsetzen, der nicht fertig wurde</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="84"/>
        <source>Past run timeline</source>
        <translation>Zeitleiste des früheren Laufs</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="95"/>
        <source>Back to Current</source>
        <translation>Zurück zum aktuellen Lauf</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="131"/>
        <source>A run is in progress; it can run again once that ends</source>
        <translation>Ein Lauf ist im Gange; dieser kann erneut laufen, sobald jener endet</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="166"/>
        <source>Could not copy %1 to %2</source>
        <translation>%1 konnte nicht nach %2 kopiert werden</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="173"/>
        <source>Viewing a past run: %1</source>
        <translation>Ein früherer Lauf: %1</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="197"/>
        <source>The run ended before this step did.</source>
        <translation>Der Lauf endete vor diesem Schritt.</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="213"/>
        <source>Terrarium stopped before the run ended (%1).</source>
        <translation>Terrarium wurde beendet, bevor der Lauf endete (%1).</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="235"/>
        <source>Run Again?</source>
        <translation>Erneut ausführen?</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="236"/>
        <source>Start a new run with this goal?

%1

It runs in the sandbox and workspace chosen in the window.</source>
        <translation>Einen neuen Lauf mit diesem Ziel starten?

%1

Er läuft in der Sandbox und dem Arbeitsordner, die im Fenster gewählt sind.</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="248"/>
        <source>Resume the Run?</source>
        <translation>Lauf fortsetzen?</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="249"/>
        <source>Go on with this run from the step that did not finish?

%1

The planner is told what already ran. It goes on in its own %2 sandbox when that still exists, else in a new one, in %3.</source>
        <translation>Diesen Lauf ab dem Schritt fortsetzen, der nicht fertig wurde?

%1

Der Planer erfährt, was schon gelaufen ist. Der Lauf geht in seiner eigenen %2-Sandbox weiter, wenn es sie noch gibt, sonst in einer neuen, in %3.</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="262"/>
        <source>Delete the Run?</source>
        <translation>Lauf löschen?</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="263"/>
        <source>Delete this run, its events and its output from the history? This cannot be undone.

%1</source>
        <translation>Diesen Lauf, seine Ereignisse und seine Ausgabe aus dem Verlauf löschen? Das kann nicht rückgängig gemacht werden.

%1</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="272"/>
        <source>Remove the Run&apos;s Folder Too?</source>
        <translation>Auch den Ordner des Laufs entfernen?</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="273"/>
        <source>The run worked in %1, a folder Terrarium made for it. Remove the folder and everything in it as well? Files you kept there are lost.</source>
        <translation>Der Lauf arbeitete in %1, einem Ordner, den Terrarium für ihn angelegt hat. Den Ordner und alles darin ebenfalls entfernen? Dateien, die Sie dort aufbewahrt haben, gehen verloren.</translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::PlanStepDelegate</name>
    <message>
        <location filename="../ui/PlanStepDelegate.cpp" line="160"/>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <location filename="../ui/PlanStepDelegate.cpp" line="162"/>
        <source>timed out</source>
        <translation>Zeit überschritten</translation>
    </message>
    <message>
        <location filename="../ui/PlanStepDelegate.cpp" line="164"/>
        <source>exit %1</source>
        <translation>Exit %1</translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::PlanView</name>
    <message>
        <location filename="../ui/PlanView.cpp" line="24"/>
        <source>&amp;Plan</source>
        <translation>&amp;Plan</translation>
    </message>
    <message>
        <location filename="../ui/PlanView.cpp" line="30"/>
        <source>Plan revision</source>
        <translation>Planfassung</translation>
    </message>
    <message>
        <location filename="../ui/PlanView.cpp" line="31"/>
        <source>Earlier revisions of the plan stay here after re-planning</source>
        <translation>Frühere Fassungen des Plans bleiben nach einer Neuplanung hier</translation>
    </message>
    <message>
        <location filename="../ui/PlanView.cpp" line="36"/>
        <source>Plan checklist</source>
        <translation>Plan-Checkliste</translation>
    </message>
    <message>
        <location filename="../ui/PlanView.cpp" line="90"/>
        <source>Revision %1 (current)</source>
        <translation>Fassung %1 (aktuell)</translation>
    </message>
    <message>
        <location filename="../ui/PlanView.cpp" line="92"/>
        <source>Revision %1</source>
        <translation>Fassung %1</translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::QTermWidgetView</name>
    <message>
        <location filename="../ui/QTermWidgetView.cpp" line="147"/>
        <source>[%1 MiB of output skipped: the terminal could not keep up]</source>
        <translation>[%1 MiB Ausgabe übersprungen: das Terminal kam nicht mit]</translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::RunHistoryDelegate</name>
    <message>
        <location filename="../ui/RunHistoryDelegate.cpp" line="22"/>
        <source>SUCCESS</source>
        <translation>ERFOLG</translation>
    </message>
    <message>
        <location filename="../ui/RunHistoryDelegate.cpp" line="24"/>
        <source>FAILED</source>
        <translation>FEHLGESCHLAGEN</translation>
    </message>
    <message>
        <location filename="../ui/RunHistoryDelegate.cpp" line="26"/>
        <source>CANCELLED</source>
        <translation>ABGEBROCHEN</translation>
    </message>
    <message>
        <location filename="../ui/RunHistoryDelegate.cpp" line="28"/>
        <source>INTERRUPTED</source>
        <translation>UNTERBROCHEN</translation>
    </message>
    <message>
        <location filename="../ui/RunHistoryDelegate.cpp" line="30"/>
        <source>RUNNING</source>
        <translation>LÄUFT</translation>
    </message>
    <message>
        <location filename="../ui/RunHistoryDelegate.cpp" line="57"/>
        <source>in progress</source>
        <translation>läuft</translation>
    </message>
    <message>
        <location filename="../ui/RunHistoryDelegate.cpp" line="64"/>
        <source>1 token</source>
        <translation>1 Token</translation>
    </message>
    <message>
        <location filename="../ui/RunHistoryDelegate.cpp" line="65"/>
        <source>%1 tokens</source>
        <translation>%1 Tokens</translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::RunHistoryPanel</name>
    <message>
        <location filename="../ui/RunHistoryPanel.cpp" line="28"/>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <location filename="../ui/RunHistoryPanel.cpp" line="34"/>
        <source>Filter runs</source>
        <translation>Läufe filtern</translation>
    </message>
    <message>
        <location filename="../ui/RunHistoryPanel.cpp" line="36"/>
        <source>Filter runs by text</source>
        <translation>Läufe nach Text filtern</translation>
    </message>
    <message>
        <location filename="../ui/RunHistoryPanel.cpp" line="37"/>
        <source>All</source>
        <translation>Alle</translation>
    </message>
    <message>
        <location filename="../ui/RunHistoryPanel.cpp" line="38"/>
        <source>Succeeded</source>
        <translation>Erfolgreich</translation>
    </message>
    <message>
        <location filename="../ui/RunHistoryPanel.cpp" line="39"/>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../ui/RunHistoryPanel.cpp" line="40"/>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <location filename="../ui/RunHistoryPanel.cpp" line="41"/>
        <source>Interrupted</source>
        <translation>Unterbrochen</translation>
    </message>
    <message>
        <location filename="../ui/RunHistoryPanel.cpp" line="42"/>
        <source>Running</source>
        <translation>Laufend</translation>
    </message>
    <message>
        <location filename="../ui/RunHistoryPanel.cpp" line="43"/>
        <source>Filter runs by status</source>
        <translation>Läufe nach Status filtern</translation>
    </message>
    <message>
        <location filename="../ui/RunHistoryPanel.cpp" line="54"/>
        <source>Past runs</source>
        <translation>Frühere Läufe</translation>
    </message>
    <message>
        <location filename="../ui/RunHistoryPanel.cpp" line="118"/>
        <source>No run matches the filter.</source>
        <translation>Kein Lauf passt zum Filter.</translation>
    </message>
    <message>
        <location filename="../ui/RunHistoryPanel.cpp" line="119"/>
        <source>Runs you start are kept here.</source>
        <translation>Die Läufe, die Sie starten, werden hier gespeichert.</translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::RunTimeline</name>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="37"/>
        <source>Run timeline</source>
        <translation>Zeitleiste des Laufs</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="86"/>
        <source>Steps appear here as they run.</source>
        <translation>Schritte erscheinen hier, während sie laufen.</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="363"/>
        <source>Step %1 failed: %2</source>
        <translation>Schritt %1 ist fehlgeschlagen: %2</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="367"/>
        <source>Re-planning from the failure (attempt %1)…</source>
        <translation>Neuplanung nach dem Fehler (Versuch %1)…</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="80"/>
        <source>Describe a goal above and press &lt;b&gt;Run&lt;/b&gt; (&lt;b&gt;Ctrl+Enter&lt;/b&gt;)</source>
        <translation>Beschreiben Sie oben ein Ziel und drücken Sie &lt;b&gt;Ausführen&lt;/b&gt; (&lt;b&gt;Strg+Eingabe&lt;/b&gt;)</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="82"/>
        <source>or drop a task file (.yaml) on the window.</source>
        <translation>oder legen Sie eine Aufgabendatei (.yaml) auf dem Fenster ab.</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="212"/>
        <source>1 step done</source>
        <translation>1 Schritt erledigt</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/RunTimeline.cpp" line="212"/>
        <source>%n steps done</source>
        <translation>
            <numerusform>%n Schritt erledigt</numerusform>
            <numerusform>%n Schritte erledigt</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="214"/>
        <source>1 step not done</source>
        <translation>1 Schritt nicht erledigt</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/RunTimeline.cpp" line="214"/>
        <source>%n steps not done</source>
        <translation>
            <numerusform>%n Schritt nicht erledigt</numerusform>
            <numerusform>%n Schritte nicht erledigt</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="217"/>
        <location filename="../ui/RunTimeline.cpp" line="258"/>
        <source>1 re-plan</source>
        <translation>1 Neuplanung</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/RunTimeline.cpp" line="217"/>
        <location filename="../ui/RunTimeline.cpp" line="258"/>
        <source>%n re-plans</source>
        <translation>
            <numerusform>%n Neuplanung</numerusform>
            <numerusform>%n Neuplanungen</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="219"/>
        <source>%1 tokens in, %2 out</source>
        <translation>%1 Tokens hinein, %2 heraus</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="228"/>
        <source>Run succeeded in %1: %2</source>
        <translation>Lauf erfolgreich in %1: %2</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="231"/>
        <source>Run cancelled after %1: %2</source>
        <translation>Lauf abgebrochen nach %1: %2</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="234"/>
        <source>Run failed after %1: %2</source>
        <translation>Lauf fehlgeschlagen nach %1: %2</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="256"/>
        <source>1 step run</source>
        <translation>1 Schritt ausgeführt</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/RunTimeline.cpp" line="256"/>
        <source>%n steps run</source>
        <translation>
            <numerusform>%n Schritt ausgeführt</numerusform>
            <numerusform>%n Schritte ausgeführt</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="260"/>
        <source>1 approval asked</source>
        <translation>1 Freigabe erfragt</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/RunTimeline.cpp" line="261"/>
        <source>%n approvals asked</source>
        <translation>
            <numerusform>%n Freigabe erfragt</numerusform>
            <numerusform>%n Freigaben erfragt</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="263"/>
        <source>1 model retry</source>
        <translation>1 erneute Modellanfrage</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/RunTimeline.cpp" line="264"/>
        <source>%n model retries</source>
        <translation>
            <numerusform>%n erneute Modellanfrage</numerusform>
            <numerusform>%n erneute Modellanfragen</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="268"/>
        <source>setup %1</source>
        <translation>Vorbereitung %1</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="269"/>
        <source>model %1</source>
        <translation>Modell %1</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="270"/>
        <source>commands %1</source>
        <translation>Befehle %1</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="272"/>
        <source>waiting for you %1</source>
        <translation>Warten auf Sie %1</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="274"/>
        <source>stopped %1 until resumed</source>
        <translation>%1 angehalten bis zur Wiederaufnahme</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="275"/>
        <source>Time: %1</source>
        <translation>Zeit: %1</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="277"/>
        <source>Models: %1</source>
        <translation>Modelle: %1</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="307"/>
        <source>The executor read the output of step %1 to write this command.</source>
        <translation>Der Ausführer hat die Ausgabe von Schritt %1 gelesen, um diesen Befehl zu schreiben.</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="382"/>
        <source>planner</source>
        <translation>Planer</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="382"/>
        <source>executor</source>
        <translation>Ausführer</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="315"/>
        <source>Waiting for your approval: this command has %1 risk. Run it? Answer in the panel below the timeline.</source>
        <translation>Wartet auf Ihre Freigabe: Dieser Befehl hat das Risiko %1. Ausführen? Antworten Sie im Bereich unter der Zeitleiste.</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="330"/>
        <source>
[The rest of this step&apos;s output is not in the history; Save writes all of it.]
</source>
        <translation>
[Der Rest der Ausgabe dieses Schritts ist nicht im Verlauf; Speichern schreibt sie vollständig.]
</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="358"/>
        <source>Not run: %1</source>
        <translation>Nicht ausgeführt: %1</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="362"/>
        <source>Step %1 was not run: %2</source>
        <translation>Schritt %1 wurde nicht ausgeführt: %2</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="376"/>
        <source>New plan (revision %1): 1 step</source>
        <translation>Neuer Plan (Fassung %1): 1 Schritt</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/RunTimeline.cpp" line="377"/>
        <source>New plan (revision %1): %n steps</source>
        <translation>
            <numerusform>Neuer Plan (Fassung %1): %n Schritt</numerusform>
            <numerusform>Neuer Plan (Fassung %1): %n Schritte</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="384"/>
        <source>The %1 model did not answer; trying again in %2 s (attempt %3 of %4)</source>
        <translation>Das %1-Modell hat nicht geantwortet; neuer Versuch in %2 s (Versuch %3 von %4)</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="396"/>
        <source>Preferences…</source>
        <translation>Einstellungen…</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="404"/>
        <source>A remote control client opened terminal %1 in the sandbox (%2)</source>
        <translation>Ein Fernsteuerungs-Client hat Terminal %1 in der Sandbox (%2) geöffnet</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="407"/>
        <source>What it types there passes no safety check and is not recorded; only that the terminal was open is kept with the run.</source>
        <translation>Was er dort eingibt, durchläuft keine Sicherheitsprüfung und wird nicht aufgezeichnet; nur dass das Terminal offen war, wird mit dem Lauf aufbewahrt.</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="413"/>
        <source>Terminal %1 of a remote control client closed after %2 (exit code %3)</source>
        <translation>Terminal %1 eines Fernsteuerungs-Clients wurde nach %2 geschlossen (Exit-Code %3)</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="417"/>
        <source>Terminal %1 of a remote control client closed after %2</source>
        <translation>Terminal %1 eines Fernsteuerungs-Clients wurde nach %2 geschlossen</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="423"/>
        <source>Step %1 was undone after it failed: the sandbox was rolled back to its snapshot from before the step.</source>
        <translation>Schritt %1 wurde nach seinem Fehlschlag rückgängig gemacht: Die Sandbox wurde auf ihren Snapshot von vor dem Schritt zurückgesetzt.</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="448"/>
        <source>The run stopped during this step.</source>
        <translation>Der Lauf wurde während dieses Schritts beendet.</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="453"/>
        <source>Resumed: the run goes on from here, with a new plan for what is left.</source>
        <translation>Fortgesetzt: Der Lauf geht hier weiter, mit einem neuen Plan für das, was übrig ist.</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="454"/>
        <source>It had ended with: %1</source>
        <translation>Zuvor beendet mit: %1</translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::SettingsDialog</name>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="61"/>
        <source>Planner: writes and revises the plan</source>
        <translation>Planer: schreibt und überarbeitet den Plan</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="62"/>
        <source>&amp;Protocol:</source>
        <translation>&amp;Protokoll:</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="63"/>
        <source>&amp;Base URL:</source>
        <translation>&amp;Basis-URL:</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="64"/>
        <source>&amp;Model:</source>
        <translation>&amp;Modell:</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="65"/>
        <source>API &amp;key:</source>
        <translation>API-&amp;Schlüssel:</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="66"/>
        <source>S&amp;how</source>
        <translation>An&amp;zeigen</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="69"/>
        <source>Executor: turns each step into a command</source>
        <translation>Ausführer: macht aus jedem Schritt einen Befehl</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="70"/>
        <source>Pr&amp;otocol:</source>
        <translation>P&amp;rotokoll:</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="71"/>
        <source>Base &amp;URL:</source>
        <translation>Basis-&amp;URL:</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="72"/>
        <source>Mo&amp;del:</source>
        <translation>Mo&amp;dell:</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="73"/>
        <source>API k&amp;ey:</source>
        <translation>API-Sc&amp;hlüssel:</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="74"/>
        <source>Sho&amp;w</source>
        <translation>Anzei&amp;gen</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="121"/>
        <source>Terrarium Settings</source>
        <translation>Terrarium-Einstellungen</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="199"/>
        <source>Detect &amp;local server</source>
        <translation>&amp;Lokalen Server erkennen</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="201"/>
        <source>Look for Ollama (localhost:11434) or llama.cpp&apos;s server (localhost:8080) and use it for both roles</source>
        <translation>Nach Ollama (localhost:11434) oder dem Server von llama.cpp (localhost:8080) suchen und ihn für beide Rollen verwenden</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="166"/>
        <source>Save the settings (Ctrl+Enter)</source>
        <translation>Die Einstellungen speichern (Strg+Eingabe)</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="216"/>
        <source>Looking for a local model server…</source>
        <translation>Suche nach einem lokalen Modellserver…</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="232"/>
        <source>Automatic (from the API key or base URL)</source>
        <translation>Automatisch (aus API-Schlüssel oder Basis-URL)</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="238"/>
        <source>OpenAI Responses</source>
        <translation>OpenAI Responses</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="241"/>
        <source>Chat Completions (OpenAI, Ollama, llama.cpp, vLLM)</source>
        <translation>Chat Completions (OpenAI, Ollama, llama.cpp, vLLM)</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="244"/>
        <source>Anthropic Messages</source>
        <translation>Anthropic Messages</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="258"/>
        <source>None stored</source>
        <translation>Keiner gespeichert</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="262"/>
        <source>Show the key while editing it</source>
        <translation>Den Schlüssel beim Bearbeiten anzeigen</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="342"/>
        <source>Sandbox for new runs</source>
        <translation>Sandbox für neue Läufe</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="346"/>
        <source>Podman container</source>
        <translation>Podman-Container</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="347"/>
        <source>libvirt virtual machine</source>
        <translation>Virtuelle libvirt-Maschine</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="348"/>
        <source>Host (no isolation)</source>
        <translation>Host (keine Isolation)</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="353"/>
        <source>Commands run directly on this computer, with no isolation.</source>
        <translation>Befehle laufen direkt auf diesem Computer, ohne Isolation.</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="354"/>
        <source>The host sandbox runs every command as you, on your files, with your network. Use it only for goals you would run yourself.</source>
        <translation>Die Host-Sandbox führt jeden Befehl als Sie aus, auf Ihren Dateien, mit Ihrem Netzwerk. Verwenden Sie sie nur für Ziele, die Sie auch selbst ausführen würden.</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="359"/>
        <source>Terrarium&apos;s own Debian image</source>
        <translation>Das eigene Debian-Image von Terrarium</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="400"/>
        <location filename="../ui/SettingsDialog.cpp" line="410"/>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="371"/>
        <source>None: no network at all</source>
        <translation>Keins: überhaupt kein Netzwerk</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="372"/>
        <source>Outbound: may reach the internet</source>
        <translation>Ausgehend: darf das Internet erreichen</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="385"/>
        <source>Default &amp;sandbox:</source>
        <translation>&amp;Standard-Sandbox:</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="387"/>
        <source>&amp;Image:</source>
        <translation>&amp;Image:</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="414"/>
        <source>&amp;CPUs:</source>
        <translation>&amp;CPUs:</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="415"/>
        <source>Memo&amp;ry:</source>
        <translation>S&amp;peicher:</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="389"/>
        <source>&amp;Network:</source>
        <translation>&amp;Netzwerk:</translation>
    </message>
    <message>
        <source>Clients connect to ws://127.0.0.1 on this port (or ::1, or the Unix socket) and send the token first. Scripts can also run terrarium --headless --serve. The protocol is in docs/CONTROL_API.md.</source>
        <translation type="vanished">Clients verbinden sich mit ws://127.0.0.1 auf diesem Port (oder ::1 oder dem Unix-Socket) und senden zuerst das Token. Skripte können auch terrarium --headless --serve ausführen. Das Protokoll steht in docs/CONTROL_API.md.</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="813"/>
        <source>API keys are kept in the desktop keyring, never in the settings file.</source>
        <translation>API-Schlüssel werden im Desktop-Schlüsselbund aufbewahrt, nie in der Einstellungsdatei.</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="899"/>
        <source>Found %1; both roles now use its model %2.</source>
        <translation>%1 gefunden; beide Rollen verwenden jetzt sein Modell %2.</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="914"/>
        <location filename="../ui/SettingsDialog.cpp" line="920"/>
        <source>%1 or %2</source>
        <translation>%1 oder %2</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="919"/>
        <location filename="../ui/SettingsDialog.cpp" line="926"/>
        <source>Required for this server</source>
        <translation>Für diesen Server erforderlich</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="126"/>
        <source>Models</source>
        <translation>Modelle</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="67"/>
        <source>&amp;Test</source>
        <translation>&amp;Testen</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="75"/>
        <source>Te&amp;st</source>
        <translation>Te&amp;sten</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="127"/>
        <source>Sandbox</source>
        <translation>Sandbox</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="128"/>
        <source>Approval and limits</source>
        <translation>Freigabe und Grenzen</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="129"/>
        <location filename="../ui/SettingsDialog.cpp" line="462"/>
        <source>Remote control</source>
        <translation>Fernsteuerung</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="130"/>
        <source>Terminal</source>
        <translation>Terminal</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="284"/>
        <source>Send one tiny request to this server and model, as a run would, and show the answer or the server&apos;s error</source>
        <translation>Eine winzige Anfrage an diesen Server und dieses Modell senden, wie ein Lauf es täte, und die Antwort oder den Fehler des Servers zeigen</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="298"/>
        <source>Asking the model…</source>
        <translation>Das Modell wird gefragt…</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="306"/>
        <source>S&amp;ame as the planner: its server, model and key</source>
        <translation>&amp;Wie der Planer: sein Server, Modell und Schlüssel</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="308"/>
        <source>Ticked while the executor&apos;s fields are empty: it then uses the planner&apos;s server, model and key. Type in a field to set it apart.</source>
        <translation>Gesetzt, solange die Felder des Ausführers leer sind: Er verwendet dann Server, Modell und Schlüssel des Planers. Tippen Sie in ein Feld, um ihn getrennt einzustellen.</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="363"/>
        <source>The one this computer&apos;s apt uses</source>
        <translation>Der, den apt auf diesem Computer verwendet</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="366"/>
        <source>Where Terrarium&apos;s images get their Debian packages when they are built: a local mirror or an apt cache (http://, https:// or file://). Empty: the Debian mirror and apt proxy of this computer&apos;s apt sources.</source>
        <translation>Woher die Images von Terrarium beim Bauen ihre Debian-Pakete beziehen: ein lokaler Mirror oder ein apt-Cache (http://, https:// oder file://). Leer: der Debian-Mirror und der apt-Proxy aus den apt-Quellen dieses Computers.</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="374"/>
        <source>Containers work on a cop&amp;y of the workspace</source>
        <translation>Container arbeiten auf einer &amp;Kopie des Arbeitsordners</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="376"/>
        <source>The files are copied into the container; when the run ends you review what it changed and apply what you accept. Virtual machines always work on a copy.</source>
        <translation>Die Dateien werden in den Container kopiert; am Ende des Laufs prüfen Sie, was er geändert hat, und übernehmen, was Sie annehmen. Virtuelle Maschinen arbeiten immer auf einer Kopie.</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="388"/>
        <source>Debian &amp;mirror:</source>
        <translation>Debian-&amp;Mirror:</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="393"/>
        <source>Resources of each sandbox</source>
        <translation>Ressourcen jeder Sandbox</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="406"/>
        <source>How many processes and threads may run in the sandbox at once</source>
        <translation>Wie viele Prozesse und Threads gleichzeitig in der Sandbox laufen dürfen</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="413"/>
        <source>How much the sandbox&apos;s own disk may grow; the workspace does not count</source>
        <translation>Wie weit die eigene Platte der Sandbox wachsen darf; der Arbeitsordner zählt nicht mit</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="416"/>
        <source>Ma&amp;ximum processes:</source>
        <translation>Ma&amp;ximale Prozesse:</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="417"/>
        <source>Disk si&amp;ze:</source>
        <translation>Platten&amp;größe:</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="430"/>
        <source>Terminal engine</source>
        <translation>Terminal-Engine</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="443"/>
        <source>For terminals opened from now on. Terrarium&apos;s own view is the faster one.</source>
        <translation>Für Terminals, die ab jetzt geöffnet werden. Terrariums eigene Ansicht ist die schnellere.</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="445"/>
        <source>This build has only Terrarium&apos;s own view; QTermWidget is offered where Terrarium was built with it (Debian 13).</source>
        <translation>Dieser Build hat nur Terrariums eigene Ansicht; QTermWidget wird angeboten, wo Terrarium damit gebaut wurde (Debian 13).</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="465"/>
        <source>Let programs on this computer watch and drive runs</source>
        <translation>Programmen auf diesem Computer erlauben, Läufe zu beobachten und zu steuern</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="467"/>
        <source>A WebSocket on 127.0.0.1 and ::1 only, for clients that know the token; web pages are refused. See docs/CONTROL_API.md.</source>
        <translation>Ein WebSocket nur auf 127.0.0.1 und ::1, für Clients, die das Token kennen; Webseiten werden abgewiesen. Siehe docs/CONTROL_API.md.</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="473"/>
        <source>Port &amp;for clients:</source>
        <translation>&amp;Port für Clients:</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="479"/>
        <source>Also on a Unix socket in the session&apos;s runtime folder (terrarium/control.sock)</source>
        <translation>Auch auf einem Unix-Socket im Laufzeitordner der Sitzung (terrarium/control.sock)</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="482"/>
        <source>For clients that would rather not use a port; only your own programs can open it, and they need the token too.</source>
        <translation>Für Clients, die lieber keinen Port nutzen; nur Ihre eigenen Programme können ihn öffnen, und auch sie brauchen das Token.</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="487"/>
        <source>Let clients open terminals in runs on the host (no isolation)</source>
        <translation>Clients erlauben, Terminals in Läufen auf dem Host zu öffnen (keine Isolation)</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="490"/>
        <source>A client&apos;s terminal in a run on the host sandbox is a shell on this computer whose commands pass no safety check. Off, clients get terminals only in containers and VMs. Each one opened is kept with the run and shown above the timeline.</source>
        <translation>Das Terminal eines Clients in einem Lauf in der Host-Sandbox ist eine Shell auf diesem Computer, deren Befehle keine Sicherheitsprüfung durchlaufen. Ausgeschaltet bekommen Clients Terminals nur in Containern und VMs. Jedes geöffnete wird mit dem Lauf aufbewahrt und über der Zeitleiste angezeigt.</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="498"/>
        <source>Control token</source>
        <translation>Steuerungs-Token</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="500"/>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Copy the token for a client to send as “Authorization: Bearer …”</source>
        <translation type="vanished">Das Token kopieren, damit ein Client es als „Authorization: Bearer …“ sendet</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="501"/>
        <source>Copy the token for a client to prove itself with (see docs/CONTROL_API.md)</source>
        <translation>Das Token kopieren, mit dem sich ein Client ausweist (siehe docs/CONTROL_API.md)</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="507"/>
        <source>Re&amp;quired token:</source>
        <translation>Erforderliches &amp;Token:</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="516"/>
        <source>Clients connect to ws://127.0.0.1 on this port (or ::1, or the Unix socket) and prove they know the token without sending it. Scripts can also run terrarium --headless --serve. The protocol is in docs/CONTROL_API.md.</source>
        <translation>Clients verbinden sich mit ws://127.0.0.1 auf diesem Port (oder ::1 oder dem Unix-Socket) und weisen nach, dass sie das Token kennen, ohne es zu senden. Skripte können auch terrarium --headless --serve ausführen. Das Protokoll steht in docs/CONTROL_API.md.</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="527"/>
        <source>Copied</source>
        <translation>Kopiert</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="542"/>
        <source>Approval of commands</source>
        <translation>Freigabe von Befehlen</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="545"/>
        <source>Ask before running risky commands</source>
        <translation>Vor riskanten Befehlen nachfragen</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="547"/>
        <source>Run only what the safety rules pass; deny the rest</source>
        <translation>Nur ausführen, was die Sicherheitsregeln durchlassen; den Rest ablehnen</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="549"/>
        <source>Run every command without asking</source>
        <translation>Jeden Befehl ohne Nachfrage ausführen</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="552"/>
        <source>Risky commands run without asking.</source>
        <translation>Riskante Befehle laufen ohne Nachfrage.</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="553"/>
        <source>Commands the safety rules flag (deleting files, changing permissions, fetching and running scripts, …) run at once. Use it only with a sandbox you can throw away.</source>
        <translation>Befehle, die die Sicherheitsregeln markieren (Dateien löschen, Rechte ändern, Skripte herunterladen und ausführen, …), laufen sofort. Verwenden Sie das nur mit einer Sandbox, die Sie wegwerfen können.</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="557"/>
        <source>Appro&amp;val:</source>
        <translation>&amp;Freigabe:</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="571"/>
        <source>Commands approved with Always</source>
        <translation>Mit „Immer“ freigegebene Befehle</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="577"/>
        <source>None yet: commands you approve with “Always” appear here.</source>
        <translation>Noch keine: Befehle, die Sie mit „Immer“ freigeben, erscheinen hier.</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="579"/>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="580"/>
        <source>Ask again before running the selected commands (Delete)</source>
        <translation>Vor dem Ausführen der ausgewählten Befehle wieder nachfragen (Entf)</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="585"/>
        <source>Always allowed:</source>
        <translation>Immer erlaubt:</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="587"/>
        <source>Commands you approved with “Always”: they run without asking</source>
        <translation>Befehle, die Sie mit „Immer“ freigegeben haben: Sie laufen ohne Nachfrage</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="591"/>
        <source>Limits of each run</source>
        <translation>Grenzen jedes Laufs</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="595"/>
        <source>Commands run in total, across re-plans</source>
        <translation>Insgesamt ausgeführte Befehle, über Neuplanungen hinweg</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="598"/>
        <source>None: stop at the first failed step</source>
        <translation>Keine: beim ersten fehlgeschlagenen Schritt anhalten</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="603"/>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="605"/>
        <source>A step still running after this long is stopped and fails</source>
        <translation>Ein Schritt, der nach dieser Zeit noch läuft, wird angehalten und schlägt fehl</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="612"/>
        <source>M&amp;aximum steps:</source>
        <translation>Maximale &amp;Schritte:</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="613"/>
        <source>Re-plans before givin&amp;g up:</source>
        <translation>&amp;Neuplanungen vor dem Aufgeben:</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="614"/>
        <source>Step &amp;timeout:</source>
        <translation>&amp;Zeitlimit pro Schritt:</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="616"/>
        <source>&amp;Jump ahead: ask for the next command while a step runs</source>
        <translation>Den nächsten Befehl schon &amp;während eines Schritts erfragen</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="618"/>
        <source>Saves waiting for the model between steps. The early answer is used only when the step before succeeded, and it is checked like any command.</source>
        <translation>Spart das Warten auf das Modell zwischen den Schritten. Die frühe Antwort wird nur verwendet, wenn der Schritt davor erfolgreich war, und wie jeder Befehl geprüft.</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="733"/>
        <source>Kept in %1.</source>
        <translation>Aufbewahrt in %1.</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="760"/>
        <source>a copy of the workspace</source>
        <translation>eine Kopie des Arbeitsordners</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="761"/>
        <source>the workspace folder itself</source>
        <translation>der Arbeitsordner selbst</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="772"/>
        <source>1 setting here is overridden by the environment, the command line or a task file; its field says which.</source>
        <translation>1 Einstellung hier wird von der Umgebung, der Befehlszeile oder einer Aufgabendatei überschrieben; ihr Feld sagt, wovon.</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/SettingsDialog.cpp" line="774"/>
        <source>%n settings here are overridden by the environment, the command line or a task file; their fields say which.</source>
        <translation>
            <numerusform>%n Einstellung hier wird von der Umgebung, der Befehlszeile oder einer Aufgabendatei überschrieben; ihr Feld sagt, wovon.</numerusform>
            <numerusform>%n Einstellungen hier werden von der Umgebung, der Befehlszeile oder einer Aufgabendatei überschrieben; ihre Felder sagen, wovon.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="781"/>
        <source>Saved to %1</source>
        <translation>Gespeichert in %1</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="847"/>
        <source>No answer: %1</source>
        <translation>Keine Antwort: %1</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="853"/>
        <source>It answered (with no text) in %1 ms.</source>
        <translation>Es hat in %1 ms geantwortet (ohne Text).</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="854"/>
        <source>It answered in %1 ms: “%2”</source>
        <translation>Es hat in %1 ms geantwortet: „%2“</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="906"/>
        <location filename="../ui/SettingsDialog.cpp" line="907"/>
        <source>Same as the planner</source>
        <translation>Wie der Planer</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="970"/>
        <source>none</source>
        <translation>keiner</translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="970"/>
        <source>keyring</source>
        <translation>Schlüsselbund</translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::SetupProgressRow</name>
    <message>
        <location filename="../ui/SetupProgressRow.cpp" line="56"/>
        <source>Starting…</source>
        <translation>Wird gestartet…</translation>
    </message>
    <message>
        <location filename="../ui/SetupProgressRow.cpp" line="58"/>
        <source>Run setup</source>
        <translation>Vorbereitung des Laufs</translation>
    </message>
    <message>
        <location filename="../ui/SetupProgressRow.cpp" line="67"/>
        <source>Finding the models</source>
        <translation>Modelle werden gesucht</translation>
    </message>
    <message>
        <location filename="../ui/SetupProgressRow.cpp" line="69"/>
        <source>Checking the sandbox host</source>
        <translation>Der Sandbox-Host wird geprüft</translation>
    </message>
    <message>
        <location filename="../ui/SetupProgressRow.cpp" line="71"/>
        <source>Preparing the sandbox image</source>
        <translation>Das Sandbox-Image wird vorbereitet</translation>
    </message>
    <message>
        <location filename="../ui/SetupProgressRow.cpp" line="73"/>
        <source>Starting the sandbox</source>
        <translation>Die Sandbox wird gestartet</translation>
    </message>
    <message>
        <location filename="../ui/SetupProgressRow.cpp" line="75"/>
        <source>Copying the workspace into the sandbox</source>
        <translation>Der Arbeitsordner wird in die Sandbox kopiert</translation>
    </message>
    <message>
        <location filename="../ui/SetupProgressRow.cpp" line="76"/>
        <source>Getting ready</source>
        <translation>Wird vorbereitet</translation>
    </message>
    <message>
        <location filename="../ui/SetupProgressRow.cpp" line="92"/>
        <source>%1…</source>
        <translation>%1…</translation>
    </message>
    <message>
        <location filename="../ui/SetupProgressRow.cpp" line="96"/>
        <source>%1: %2 percent, %3</source>
        <translation>%1: %2 Prozent, %3</translation>
    </message>
    <message>
        <location filename="../ui/SetupProgressRow.cpp" line="118"/>
        <source>Sandbox and models ready in %1</source>
        <translation>Sandbox und Modelle bereit in %1</translation>
    </message>
    <message>
        <location filename="../ui/SetupProgressRow.cpp" line="119"/>
        <source>Setup stopped after %1</source>
        <translation>Vorbereitung nach %1 angehalten</translation>
    </message>
    <message>
        <location filename="../ui/SetupProgressRow.cpp" line="128"/>
        <source>Note: %1</source>
        <translation>Hinweis: %1</translation>
    </message>
    <message>
        <location filename="../ui/SetupProgressRow.cpp" line="148"/>
        <source>Starting</source>
        <translation>Start</translation>
    </message>
    <message>
        <location filename="../ui/SetupProgressRow.cpp" line="150"/>
        <source>%1… %2</source>
        <translation>%1… %2</translation>
    </message>
    <message>
        <location filename="../ui/SetupProgressRow.cpp" line="154"/>
        <source>Still working: this stage reports no progress of its own, and said nothing new for %1.</source>
        <translation>Arbeitet noch: dieser Schritt meldet keinen eigenen Fortschritt und hat seit %1 nichts Neues gesagt.</translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::ShortcutListDialog</name>
    <message>
        <location filename="../ui/ShortcutListDialog.cpp" line="38"/>
        <source>%1 › %2</source>
        <translation>%1 › %2</translation>
    </message>
    <message>
        <location filename="../ui/ShortcutListDialog.cpp" line="53"/>
        <source>Keyboard Shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <location filename="../ui/ShortcutListDialog.cpp" line="55"/>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <location filename="../ui/ShortcutListDialog.cpp" line="55"/>
        <source>Keys</source>
        <translation>Tasten</translation>
    </message>
    <message>
        <location filename="../ui/ShortcutListDialog.cpp" line="58"/>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <location filename="../ui/ShortcutListDialog.cpp" line="66"/>
        <source> or </source>
        <translation> oder </translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::SourcedField</name>
    <message>
        <location filename="../ui/SourcedField.cpp" line="39"/>
        <location filename="../ui/SourcedField.cpp" line="86"/>
        <source>default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="39"/>
        <location filename="../ui/SourcedField.cpp" line="92"/>
        <source>config file</source>
        <translation>Konfigurationsdatei</translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="39"/>
        <location filename="../ui/SourcedField.cpp" line="96"/>
        <source>environment</source>
        <translation>Umgebung</translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="40"/>
        <location filename="../ui/SourcedField.cpp" line="104"/>
        <source>command line</source>
        <translation>Befehlszeile</translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="40"/>
        <location filename="../ui/SourcedField.cpp" line="114"/>
        <source>task file</source>
        <translation>Aufgabendatei</translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="40"/>
        <source>keyring</source>
        <translation>Schlüsselbund</translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="40"/>
        <source>none</source>
        <translation>keiner</translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="87"/>
        <source>Nothing in the config file, the environment or on the command line sets this: %1 applies.</source>
        <translation>Nichts in der Konfigurationsdatei, der Umgebung oder auf der Befehlszeile setzt dies: %1 gilt.</translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="89"/>
        <source>Terrarium&apos;s default</source>
        <translation>Standard von Terrarium</translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="93"/>
        <location filename="../ui/SourcedField.cpp" line="97"/>
        <source>From %1.</source>
        <translation>Quelle: %1.</translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="98"/>
        <source>Overridden: %1 in the environment is used.</source>
        <translation>Überschrieben: %1 aus der Umgebung wird verwendet.</translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="99"/>
        <source>Overridden: %1 in the environment sets %2.</source>
        <translation>Überschrieben: %1 aus der Umgebung setzt %2.</translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="101"/>
        <source>What you save here applies once %1 is unset.</source>
        <translation>Was Sie hier speichern, gilt, sobald %1 nicht mehr gesetzt ist.</translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="105"/>
        <source>From %1, for this session.</source>
        <translation>Quelle: %1, für diese Sitzung.</translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="106"/>
        <source>Overridden for this session: %1 on the command line.</source>
        <translation>Für diese Sitzung überschrieben: %1 auf der Befehlszeile.</translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="107"/>
        <source>Overridden for this session: %1 on the command line sets %2.</source>
        <translation>Für diese Sitzung überschrieben: %1 auf der Befehlszeile setzt %2.</translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="111"/>
        <source>What you save here applies from the next start without %1.</source>
        <translation>Was Sie hier speichern, gilt ab dem nächsten Start ohne %1.</translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="115"/>
        <source>From %1, for the task file&apos;s runs.</source>
        <translation>Quelle: %1, für die Läufe der Aufgabendatei.</translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="116"/>
        <source>The task file on show sets %1 for its runs.</source>
        <translation>Die angezeigte Aufgabendatei setzt %1 für ihre Läufe.</translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="118"/>
        <source>What you save here applies to runs without a task file.</source>
        <translation>Was Sie hier speichern, gilt für Läufe ohne Aufgabendatei.</translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="171"/>
        <location filename="../ui/SourcedField.cpp" line="178"/>
        <location filename="../ui/SourcedField.cpp" line="182"/>
        <source>“%1”</source>
        <translation>„%1“</translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::StatusBadge</name>
    <message>
        <location filename="../ui/StatusBadge.cpp" line="15"/>
        <source>Run status</source>
        <translation>Status des Laufs</translation>
    </message>
    <message>
        <location filename="../ui/StatusBadge.cpp" line="23"/>
        <source>READY</source>
        <translation>BEREIT</translation>
    </message>
    <message>
        <location filename="../ui/StatusBadge.cpp" line="27"/>
        <source>PLANNING</source>
        <translation>PLANUNG</translation>
    </message>
    <message>
        <location filename="../ui/StatusBadge.cpp" line="29"/>
        <source>EXECUTING</source>
        <translation>AUSFÜHRUNG</translation>
    </message>
    <message>
        <location filename="../ui/StatusBadge.cpp" line="31"/>
        <source>AWAITING APPROVAL</source>
        <translation>WARTET AUF FREIGABE</translation>
    </message>
    <message>
        <location filename="../ui/StatusBadge.cpp" line="33"/>
        <source>AWAITING INPUT</source>
        <translation>WARTET AUF EINGABE</translation>
    </message>
    <message>
        <location filename="../ui/StatusBadge.cpp" line="35"/>
        <source>ERROR</source>
        <translation>FEHLER</translation>
    </message>
    <message>
        <location filename="../ui/StatusBadge.cpp" line="37"/>
        <source>RE-PLANNING</source>
        <translation>NEUPLANUNG</translation>
    </message>
    <message>
        <location filename="../ui/StatusBadge.cpp" line="39"/>
        <source>SUCCESS</source>
        <translation>ERFOLG</translation>
    </message>
    <message>
        <location filename="../ui/StatusBadge.cpp" line="41"/>
        <source>FAILED</source>
        <translation>FEHLGESCHLAGEN</translation>
    </message>
    <message>
        <location filename="../ui/StatusBadge.cpp" line="43"/>
        <source>CANCELLED</source>
        <translation>ABGEBROCHEN</translation>
    </message>
    <message>
        <location filename="../ui/StatusBadge.cpp" line="81"/>
        <source>The run is in state %1</source>
        <translation>Der Lauf ist im Zustand %1</translation>
    </message>
    <message>
        <location filename="../ui/StatusBadge.cpp" line="25"/>
        <source>STARTING</source>
        <translation>STARTET</translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::StepCard</name>
    <message>
        <location filename="../ui/StepCard.cpp" line="268"/>
        <source>Standard output</source>
        <translation>Standardausgabe</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="271"/>
        <source>Standard error</source>
        <translation>Standardfehler</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="295"/>
        <source>Input:</source>
        <translation>Eingabe:</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="298"/>
        <source>Input for the command</source>
        <translation>Eingabe für den Befehl</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="299"/>
        <source>Enter sends the line to the command; Ctrl+D closes its input</source>
        <translation>Eingabe schickt die Zeile an den Befehl; Strg+D schließt seine Eingabe</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="302"/>
        <source>Send</source>
        <translation>Senden</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="304"/>
        <source>Send the line to the command (Enter)</source>
        <translation>Die Zeile an den Befehl senden (Eingabe)</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="306"/>
        <source>Close Input</source>
        <translation>Eingabe schließen</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="309"/>
        <source>Close the command&apos;s input, as Ctrl+D does in a terminal (Ctrl+D)</source>
        <translation>Die Eingabe des Befehls schließen, wie Strg+D in einem Terminal (Strg+D)</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="392"/>
        <source>No output.</source>
        <translation>Keine Ausgabe.</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="394"/>
        <source>The command printed nothing</source>
        <translation>Der Befehl hat nichts ausgegeben</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1175"/>
        <source>exit %1</source>
        <translation>Exit %1</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1177"/>
        <source>Exit code %1</source>
        <translation>Exit-Code %1</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1179"/>
        <source>The command succeeded (exit code 0)</source>
        <translation>Der Befehl war erfolgreich (Exit-Code 0)</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1180"/>
        <source>The command failed with exit code %1</source>
        <translation>Der Befehl ist mit Exit-Code %1 fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="579"/>
        <source>Took %1</source>
        <translation>Dauer: %1</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="580"/>
        <source>The command ran for %1</source>
        <translation>Der Befehl lief %1</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="609"/>
        <source>Type a line for the command</source>
        <translation>Geben Sie eine Zeile für den Befehl ein</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="610"/>
        <source>The command is waiting for input</source>
        <translation>Der Befehl wartet auf eine Eingabe</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="619"/>
        <source>The command is waiting for input: %1</source>
        <translation>Der Befehl wartet auf eine Eingabe: %1</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="781"/>
        <source>Save Full Output</source>
        <translation>Vollständige Ausgabe speichern</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="782"/>
        <source>Log files (*.log *.txt);;All files (*)</source>
        <translation>Protokolldateien (*.log *.txt);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="787"/>
        <source>Could Not Save Output</source>
        <translation>Ausgabe konnte nicht gespeichert werden</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1082"/>
        <source>Saved to %1</source>
        <translation>Gespeichert in %1</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="801"/>
        <source>The step has not printed anything yet.</source>
        <translation>Der Schritt hat noch nichts ausgegeben.</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="822"/>
        <source>Could not save the standard output to %1: %2</source>
        <translation>Die Standardausgabe konnte nicht in %1 gespeichert werden: %2</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="829"/>
        <source>Could not save the standard error to %1: %2</source>
        <translation>Der Standardfehler konnte nicht in %1 gespeichert werden: %2</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="861"/>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="865"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="870"/>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="870"/>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="875"/>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="875"/>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1097"/>
        <source>Expand step</source>
        <translation>Schritt aufklappen</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1098"/>
        <source>Collapse step</source>
        <translation>Schritt einklappen</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1099"/>
        <source>Show the command and its output (Space)</source>
        <translation>Den Befehl und seine Ausgabe anzeigen (Leertaste)</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1100"/>
        <source>Show only the title (Space)</source>
        <translation>Nur den Titel anzeigen (Leertaste)</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1186"/>
        <source>Step: %1</source>
        <translation>Schritt: %1</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1189"/>
        <source>%1, %2, took %3</source>
        <translation>%1, %2, Dauer %3</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="192"/>
        <source>undone</source>
        <translation>rückgängig gemacht</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="199"/>
        <source>Interleaved</source>
        <translation>Gemischt</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="204"/>
        <source>Show stdout and stderr in one console, in the order they arrived</source>
        <translation>stdout und stderr in einer Konsole anzeigen, in der Reihenfolge ihres Eintreffens</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="205"/>
        <source>Interleave stdout and stderr</source>
        <translation>stdout und stderr mischen</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="211"/>
        <location filename="../ui/StepCard.cpp" line="231"/>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="216"/>
        <source>Copy the command to the clipboard (Ctrl+Shift+C)</source>
        <translation>Den Befehl in die Zwischenablage kopieren (Strg+Umschalt+C)</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="217"/>
        <source>Copy command</source>
        <translation>Befehl kopieren</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="220"/>
        <location filename="../ui/StepCard.cpp" line="236"/>
        <source>Save…</source>
        <translation>Speichern…</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="225"/>
        <source>Save full output</source>
        <translation>Vollständige Ausgabe speichern</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="262"/>
        <source>Copied</source>
        <translation>Kopiert</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="274"/>
        <source>Standard output and error, interleaved</source>
        <translation>Standardausgabe und -fehler, gemischt</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="317"/>
        <source>Close a waiting step&apos;s input (its input row focused)</source>
        <translation>Die Eingabe eines wartenden Schritts schließen (seine Eingabezeile hat den Fokus)</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="331"/>
        <source>Save a step&apos;s output (its card focused)</source>
        <translation>Die Ausgabe eines Schritts speichern (seine Karte hat den Fokus)</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="348"/>
        <source>Undoing the step</source>
        <translation>Der Schritt wird rückgängig gemacht</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="349"/>
        <location filename="../ui/StepCard.cpp" line="992"/>
        <source>Undo Step</source>
        <translation>Schritt rückgängig machen</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="354"/>
        <source>Put the sandbox back as it was before this step, from the snapshot taken then; every later step is undone too.
The snapshot holds the sandbox&apos;s disk, including a VM&apos;s copy of the workspace. A workspace folder mounted from this computer (Podman&apos;s default) is not part of it and stays as it is.
Programs running in a VM end: it starts again from the snapshot.</source>
        <translation>Die Sandbox auf den Stand vor diesem Schritt zurücksetzen, aus dem damals angelegten Snapshot; jeder spätere Schritt wird ebenfalls rückgängig gemacht.
Der Snapshot umfasst die Platte der Sandbox, einschließlich der Kopie des Arbeitsordners in einer VM. Ein von diesem Computer eingebundener Arbeitsordner (Standard bei Podman) gehört nicht dazu und bleibt, wie er ist.
Programme, die in einer VM laufen, enden: Sie startet erneut aus dem Snapshot.</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="363"/>
        <source>Use Copy Mode</source>
        <translation>Kopiermodus verwenden</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="367"/>
        <source>Let the next run work on a copy of the workspace: its snapshots then hold the workspace too, and its changes reach this folder only after your review.</source>
        <translation>Den nächsten Lauf auf einer Kopie des Arbeitsbereichs arbeiten lassen: seine Snapshots enthalten dann auch den Arbeitsbereich, und seine Änderungen erreichen diesen Ordner erst nach Ihrer Prüfung.</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="383"/>
        <source>How the command was written</source>
        <translation>Wie der Befehl entstand</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="386"/>
        <source>Step status</source>
        <translation>Status des Schritts</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="404"/>
        <source>Workspace warning</source>
        <translation>Warnung zum Arbeitsordner</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="453"/>
        <source>Waiting for your approval: answer in the panel below the timeline.</source>
        <translation>Wartet auf Ihre Freigabe: Antworten Sie im Bereich unter der Zeitleiste.</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="456"/>
        <source>Denied: the command was not run.</source>
        <translation>Abgelehnt: Der Befehl wurde nicht ausgeführt.</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="459"/>
        <source>Timed out: the command ran longer than the step timeout and was stopped.</source>
        <translation>Zeitüberschreitung: Der Befehl lief länger als das Zeitlimit pro Schritt und wurde angehalten.</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="463"/>
        <source>Cancelled: the run was stopped during this step.</source>
        <translation>Abgebrochen: Der Lauf wurde während dieses Schritts angehalten.</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="542"/>
        <source>⚠ The check of the workspace after this step did not finish (%1): what it did not reach was not checked for set-user-ID bits or for files that tools run by themselves.</source>
        <translation>⚠ Die Prüfung des Arbeitsordners nach diesem Schritt wurde nicht fertig (%1): Was sie nicht erreicht hat, wurde nicht auf Set-User-ID-Bits oder auf Dateien geprüft, die Werkzeuge von selbst ausführen.</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="547"/>
        <source>⚠ This step created or changed files that tools run by themselves (git hooks, .envrc, editor tasks, shell start-up files); check them before you use the workspace outside the sandbox: %1</source>
        <translation>⚠ Dieser Schritt hat Dateien angelegt oder geändert, die Werkzeuge von selbst ausführen (Git-Hooks, .envrc, Editor-Tasks, Shell-Startdateien); prüfen Sie sie, bevor Sie den Arbeitsordner außerhalb der Sandbox verwenden: %1</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="552"/>
        <source>⚠ Set-user-ID or set-group-ID bits this step set were removed from: %1</source>
        <translation>⚠ Von diesem Schritt gesetzte Set-User-ID- oder Set-Group-ID-Bits wurden entfernt von: %1</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="555"/>
        <source>⚠ These files have set-user-ID or set-group-ID bits that could not be removed; do not run them outside the sandbox: %1</source>
        <translation>⚠ Diese Dateien haben Set-User-ID- oder Set-Group-ID-Bits, die nicht entfernt werden konnten; führen Sie sie nicht außerhalb der Sandbox aus: %1</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="613"/>
        <source>Waiting for input; the command printed no question: %1</source>
        <translation>Wartet auf eine Eingabe; der Befehl hat keine Frage ausgegeben: %1</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="791"/>
        <source>Saved</source>
        <translation>Gespeichert</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="806"/>
        <source>Could not save the output to %1: %2</source>
        <translation>Die Ausgabe konnte nicht in %1 gespeichert werden: %2</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="992"/>
        <source>Undo Container Files</source>
        <translation>Container-Dateien zurücksetzen</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="998"/>
        <source>Rolling the container&apos;s files back to before this step…</source>
        <translation>Die Dateien des Containers werden auf den Stand vor diesem Schritt zurückgesetzt…</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1000"/>
        <source>Rolling the sandbox back to before this step…</source>
        <translation>Die Sandbox wird auf den Stand vor diesem Schritt zurückgesetzt…</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1004"/>
        <source>Undone: the sandbox is as it was before this step.</source>
        <translation>Rückgängig gemacht: Die Sandbox ist wieder so wie vor diesem Schritt.</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1005"/>
        <source>Undone with step %1: the sandbox is as it was before that step, which ran before this one.</source>
        <translation>Mit Schritt %1 rückgängig gemacht: Die Sandbox ist wieder so wie vor jenem Schritt, der vor diesem lief.</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1010"/>
        <source>Undone in the container: its files are as they were before this step. The workspace %1 was not rolled back: it is mounted from this computer.</source>
        <translation>Im Container rückgängig gemacht: seine Dateien sind wie vor diesem Schritt. Der Arbeitsbereich %1 wurde nicht zurückgesetzt: er ist von diesem Computer eingebunden.</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1014"/>
        <source>Undone with step %1 in the container: its files are as they were before that step, which ran before this one. The workspace %2 was not rolled back: it is mounted from this computer.</source>
        <translation>Mit Schritt %1 im Container rückgängig gemacht: seine Dateien sind wie vor jenem Schritt, der vor diesem lief. Der Arbeitsbereich %2 wurde nicht zurückgesetzt: er ist von diesem Computer eingebunden.</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1020"/>
        <source>What the steps changed there is still changed.</source>
        <translation>Was die Schritte dort geändert haben, ist weiterhin geändert.</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1023"/>
        <source>Could not undo the step: %1</source>
        <translation>Der Schritt konnte nicht rückgängig gemacht werden: %1</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1026"/>
        <source>Undo puts back the container&apos;s files, not the workspace %1: it is mounted from this computer, not part of the snapshot, and this step or a later one changed files in it. Those changes stay.</source>
        <translation>Rückgängig setzt die Dateien des Containers zurück, nicht den Arbeitsbereich %1: er ist von diesem Computer eingebunden, nicht Teil des Snapshots, und dieser oder ein späterer Schritt hat Dateien darin geändert. Diese Änderungen bleiben.</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1031"/>
        <source>Undo puts back the container&apos;s files. The workspace %1 is mounted from this computer and not part of the snapshot; nothing in it changed from this step on.</source>
        <translation>Rückgängig setzt die Dateien des Containers zurück. Der Arbeitsbereich %1 ist von diesem Computer eingebunden und nicht Teil des Snapshots; darin hat sich ab diesem Schritt nichts geändert.</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1035"/>
        <source>Undo puts back the container&apos;s files, not the workspace %1: it is mounted from this computer and not part of the snapshot.</source>
        <translation>Rückgängig setzt die Dateien des Containers zurück, nicht den Arbeitsbereich %1: er ist von diesem Computer eingebunden und nicht Teil des Snapshots.</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1039"/>
        <source>The next run works on a copy, which Undo puts back too.</source>
        <translation>Der nächste Lauf arbeitet auf einer Kopie, die Rückgängig ebenfalls zurücksetzt.</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1041"/>
        <source>In copy mode, Undo puts the workspace back too.</source>
        <translation>Im Kopiermodus setzt Rückgängig auch den Arbeitsbereich zurück.</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1074"/>
        <source>Save everything the command printed, stdout and stderr interleaved as they arrived, to a file (Ctrl+Shift+S)</source>
        <translation>Alles, was der Befehl ausgegeben hat, in eine Datei speichern, stdout und stderr gemischt in der Reihenfolge ihres Eintreffens (Strg+Umschalt+S)</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1076"/>
        <source>Save everything the command printed, not only what is shown: stdout and stderr to a file each (Ctrl+Shift+S)</source>
        <translation>Alles, was der Befehl ausgegeben hat, speichern, nicht nur das Angezeigte: stdout und stderr in je eine Datei (Strg+Umschalt+S)</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1130"/>
        <source>not run again</source>
        <translation>nicht erneut ausgeführt</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1132"/>
        <source>Not run again</source>
        <translation>Nicht erneut ausgeführt</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1134"/>
        <source>This exact command already failed in this run; it was not run again</source>
        <translation>Genau dieser Befehl ist in diesem Lauf schon fehlgeschlagen; er wurde nicht erneut ausgeführt</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1139"/>
        <source>denied</source>
        <translation>abgelehnt</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1141"/>
        <source>Denied</source>
        <translation>Abgelehnt</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1142"/>
        <source>The command was not allowed to run</source>
        <translation>Der Befehl durfte nicht ausgeführt werden</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1146"/>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1148"/>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1149"/>
        <source>The run was stopped while the command ran</source>
        <translation>Der Lauf wurde angehalten, während der Befehl lief</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1153"/>
        <source>timed out</source>
        <translation>Zeitüberschreitung</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1155"/>
        <source>Timed out</source>
        <translation>Zeitüberschreitung</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1157"/>
        <source>The command ran past the step timeout and was stopped (exit code %1)</source>
        <translation>Der Befehl lief über das Zeitlimit pro Schritt hinaus und wurde angehalten (Exit-Code %1)</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1192"/>
        <source>%1, undone</source>
        <translation>%1, rückgängig gemacht</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1194"/>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1206"/>
        <source>(hidden input)</source>
        <translation>(verborgene Eingabe)</translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1218"/>
        <location filename="../ui/StepCard.cpp" line="1219"/>
        <source>^D (end of input)</source>
        <translation>^D (Ende der Eingabe)</translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::StepDurationChart</name>
    <message>
        <location filename="../ui/StepDurationChart.cpp" line="16"/>
        <source>Step durations</source>
        <translation>Dauer der Schritte</translation>
    </message>
    <message>
        <location filename="../ui/StepDurationChart.cpp" line="25"/>
        <source>Step %1, %2: %3</source>
        <translation>Schritt %1, %2: %3</translation>
    </message>
    <message>
        <location filename="../ui/StepDurationChart.cpp" line="69"/>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::StepStateIndicator</name>
    <message>
        <location filename="../ui/StepStateIndicator.cpp" line="35"/>
        <source>Pending</source>
        <translation>Ausstehend</translation>
    </message>
    <message>
        <location filename="../ui/StepStateIndicator.cpp" line="39"/>
        <source>Running</source>
        <translation>Läuft</translation>
    </message>
    <message>
        <location filename="../ui/StepStateIndicator.cpp" line="41"/>
        <source>Done</source>
        <translation>Erledigt</translation>
    </message>
    <message>
        <location filename="../ui/StepStateIndicator.cpp" line="43"/>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../ui/StepStateIndicator.cpp" line="51"/>
        <source>Skipped</source>
        <translation>Übersprungen</translation>
    </message>
    <message>
        <location filename="../ui/StepStateIndicator.cpp" line="37"/>
        <source>Waiting for your approval</source>
        <translation>Wartet auf Ihre Freigabe</translation>
    </message>
    <message>
        <location filename="../ui/StepStateIndicator.cpp" line="45"/>
        <source>Denied: the command was not run</source>
        <translation>Abgelehnt: Der Befehl wurde nicht ausgeführt</translation>
    </message>
    <message>
        <location filename="../ui/StepStateIndicator.cpp" line="47"/>
        <source>Timed out: the command was stopped</source>
        <translation>Zeitüberschreitung: Der Befehl wurde angehalten</translation>
    </message>
    <message>
        <location filename="../ui/StepStateIndicator.cpp" line="49"/>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <location filename="../ui/StepStateIndicator.cpp" line="53"/>
        <source>Undone: the sandbox was rolled back to before this step</source>
        <translation>Rückgängig gemacht: Die Sandbox wurde auf den Stand vor diesem Schritt zurückgesetzt</translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::TaskFilePanel</name>
    <message>
        <location filename="../ui/TaskFilePanel.cpp" line="22"/>
        <source>Sandbox:</source>
        <translation>Sandbox:</translation>
    </message>
    <message>
        <location filename="../ui/TaskFilePanel.cpp" line="24"/>
        <source>Network:</source>
        <translation>Netzwerk:</translation>
    </message>
    <message>
        <location filename="../ui/TaskFilePanel.cpp" line="26"/>
        <source>Image:</source>
        <translation>Image:</translation>
    </message>
    <message>
        <location filename="../ui/TaskFilePanel.cpp" line="28"/>
        <source>Environment:</source>
        <translation>Umgebung:</translation>
    </message>
    <message>
        <location filename="../ui/TaskFilePanel.cpp" line="30"/>
        <source>Limits:</source>
        <translation>Grenzen:</translation>
    </message>
    <message>
        <location filename="../ui/TaskFilePanel.cpp" line="37"/>
        <source>Allow this task to run commands directly on this computer, as me, with no isolation</source>
        <translation>Dieser Aufgabe erlauben, Befehle direkt auf diesem Computer auszuführen, als ich, ohne Isolation</translation>
    </message>
    <message>
        <location filename="../ui/TaskFilePanel.cpp" line="39"/>
        <source>Allow the sandbox to reach the network</source>
        <translation>Der Sandbox erlauben, das Netzwerk zu erreichen</translation>
    </message>
    <message>
        <location filename="../ui/TaskFilePanel.cpp" line="52"/>
        <source>Task file</source>
        <translation>Aufgabendatei</translation>
    </message>
    <message>
        <location filename="../ui/TaskFilePanel.cpp" line="70"/>
        <source>Use Copy Mode</source>
        <translation>Kopiermodus verwenden</translation>
    </message>
    <message>
        <location filename="../ui/TaskFilePanel.cpp" line="73"/>
        <source>Let the sandbox work on a copy of the folder: its changes reach the folder only after your review, and Undo puts them back.</source>
        <translation>Die Sandbox auf einer Kopie des Ordners arbeiten lassen: ihre Änderungen erreichen den Ordner erst nach Ihrer Prüfung, und Rückgängig setzt sie zurück.</translation>
    </message>
    <message>
        <location filename="../ui/TaskFilePanel.cpp" line="83"/>
        <source>Don&apos;t Use</source>
        <translation>Nicht verwenden</translation>
    </message>
    <message>
        <location filename="../ui/TaskFilePanel.cpp" line="84"/>
        <source>Forget the task file&apos;s settings; the goal stays</source>
        <translation>Die Einstellungen der Aufgabendatei vergessen; das Ziel bleibt</translation>
    </message>
    <message>
        <location filename="../ui/TaskFilePanel.cpp" line="85"/>
        <source>Don&apos;t use the task file</source>
        <translation>Die Aufgabendatei nicht verwenden</translation>
    </message>
    <message>
        <location filename="../ui/TaskFilePanel.cpp" line="110"/>
        <source>Task file %1 — press Run to start it</source>
        <translation>Aufgabendatei %1 — drücken Sie Ausführen, um sie zu starten</translation>
    </message>
    <message>
        <location filename="../ui/TaskFilePanel.cpp" line="113"/>
        <source>Only a goal; the usual settings apply.</source>
        <translation>Nur ein Ziel; die üblichen Einstellungen gelten.</translation>
    </message>
    <message>
        <location filename="../ui/TaskFilePanel.cpp" line="176"/>
        <source>Workspace: %1, the task file&apos;s own folder, mounted into the sandbox: its commands change the files there directly.</source>
        <translation>Arbeitsbereich: %1, der eigene Ordner der Aufgabendatei, in die Sandbox eingebunden: ihre Befehle ändern die Dateien dort direkt.</translation>
    </message>
    <message>
        <location filename="../ui/TaskFilePanel.cpp" line="180"/>
        <source>Workspace: %1, the task file&apos;s own folder. The sandbox works on a copy; you review its changes before they reach the folder.</source>
        <translation>Arbeitsbereich: %1, der eigene Ordner der Aufgabendatei. Die Sandbox arbeitet auf einer Kopie; Sie prüfen ihre Änderungen, bevor sie den Ordner erreichen.</translation>
    </message>
    <message>
        <location filename="../ui/TaskFilePanel.cpp" line="184"/>
        <source>Workspace: %1, the task file&apos;s own folder: its commands run there, on this computer.</source>
        <translation>Arbeitsbereich: %1, der eigene Ordner der Aufgabendatei: ihre Befehle laufen dort, auf diesem Computer.</translation>
    </message>
    <message>
        <location filename="../ui/TaskFilePanel.cpp" line="207"/>
        <source>Task file %1 — its run started at %2</source>
        <translation>Aufgabendatei %1 — ihr Lauf hat um %2 begonnen</translation>
    </message>
    <message>
        <location filename="../ui/TaskFilePanel.cpp" line="215"/>
        <source>Task file %1 — its run %2 at %3; press Run to run it again</source>
        <translation>Aufgabendatei %1 — ihr Lauf %2 um %3; drücken Sie Ausführen, um sie erneut auszuführen</translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::TerminalArea</name>
    <message>
        <location filename="../ui/TerminalArea.cpp" line="23"/>
        <source>No terminal is open. Use “Open terminal” on a running sandbox to start one.</source>
        <translation>Kein Terminal ist offen. Verwenden Sie „Terminal öffnen“ bei einer laufenden Sandbox, um eines zu starten.</translation>
    </message>
    <message>
        <location filename="../ui/TerminalArea.cpp" line="271"/>
        <source>%1 (+%2)</source>
        <translation>%1 (+%2)</translation>
    </message>
    <message>
        <location filename="../ui/TerminalArea.cpp" line="43"/>
        <source>&amp;New Terminal</source>
        <translation>&amp;Neues Terminal</translation>
    </message>
    <message>
        <location filename="../ui/TerminalArea.cpp" line="44"/>
        <source>Split &amp;Right</source>
        <translation>&amp;Rechts teilen</translation>
    </message>
    <message>
        <location filename="../ui/TerminalArea.cpp" line="45"/>
        <source>Split &amp;Down</source>
        <translation>&amp;Unten teilen</translation>
    </message>
    <message>
        <location filename="../ui/TerminalArea.cpp" line="46"/>
        <source>C&amp;lose Terminal</source>
        <translation>Terminal &amp;schließen</translation>
    </message>
    <message>
        <location filename="../ui/TerminalArea.cpp" line="47"/>
        <source>Ne&amp;xt Terminal</source>
        <translation>Nä&amp;chstes Terminal</translation>
    </message>
    <message>
        <location filename="../ui/TerminalArea.cpp" line="48"/>
        <source>Pre&amp;vious Terminal</source>
        <translation>&amp;Vorheriges Terminal</translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::TerminalEngine</name>
    <message>
        <location filename="../ui/TerminalEngine.cpp" line="46"/>
        <source>Terrarium&apos;s terminal view (libvterm)</source>
        <translation>Terrariums Terminalansicht (libvterm)</translation>
    </message>
    <message>
        <location filename="../ui/TerminalEngine.cpp" line="49"/>
        <source>QTermWidget</source>
        <translation>QTermWidget</translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::TerminalPane</name>
    <message>
        <location filename="../ui/TerminalPane.cpp" line="30"/>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <location filename="../ui/TerminalPane.cpp" line="87"/>
        <source>[Process exited with code %1]</source>
        <translation>[Prozess mit Code %1 beendet]</translation>
    </message>
    <message>
        <location filename="../ui/TerminalPane.cpp" line="87"/>
        <source>Restart</source>
        <translation>Neu starten</translation>
    </message>
    <message>
        <location filename="../ui/TerminalPane.cpp" line="146"/>
        <source>The sandbox is gone.</source>
        <translation>Die Sandbox ist nicht mehr da.</translation>
    </message>
    <message>
        <location filename="../ui/TerminalPane.cpp" line="146"/>
        <source>Reconnect</source>
        <translation>Neu verbinden</translation>
    </message>
    <message>
        <location filename="../ui/TerminalPane.cpp" line="135"/>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::TerminalSearchBar</name>
    <message>
        <location filename="../ui/TerminalSearchBar.cpp" line="18"/>
        <source>Match case</source>
        <translation>Groß-/Kleinschreibung beachten</translation>
    </message>
    <message>
        <location filename="../ui/TerminalSearchBar.cpp" line="26"/>
        <source>Find in terminal</source>
        <translation>Im Terminal suchen</translation>
    </message>
    <message>
        <location filename="../ui/TerminalSearchBar.cpp" line="31"/>
        <source>Next match below (Shift+Enter)</source>
        <translation>Nächster Treffer darunter (Umschalt+Eingabe)</translation>
    </message>
    <message>
        <location filename="../ui/TerminalSearchBar.cpp" line="33"/>
        <source>Next match above (Enter)</source>
        <translation>Nächster Treffer darüber (Eingabe)</translation>
    </message>
    <message>
        <location filename="../ui/TerminalSearchBar.cpp" line="35"/>
        <source>Close the find bar (Escape)</source>
        <translation>Die Suchleiste schließen (Esc)</translation>
    </message>
    <message>
        <location filename="../ui/TerminalSearchBar.cpp" line="79"/>
        <source>No matches</source>
        <translation>Keine Treffer</translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::TerminalView</name>
    <message>
        <location filename="../ui/TerminalView.cpp" line="1704"/>
        <source>&amp;Copy</source>
        <translation>&amp;Kopieren</translation>
    </message>
    <message>
        <location filename="../ui/TerminalView.cpp" line="1707"/>
        <source>&amp;Paste</source>
        <translation>&amp;Einfügen</translation>
    </message>
    <message>
        <location filename="../ui/TerminalView.cpp" line="1710"/>
        <source>Select &amp;All</source>
        <translation>&amp;Alles auswählen</translation>
    </message>
    <message>
        <location filename="../ui/TerminalView.cpp" line="1712"/>
        <source>&amp;Find…</source>
        <translation>&amp;Suchen…</translation>
    </message>
    <message>
        <location filename="../ui/TerminalView.cpp" line="1720"/>
        <source>Zoom &amp;In</source>
        <translation>Ver&amp;größern</translation>
    </message>
    <message>
        <location filename="../ui/TerminalView.cpp" line="1722"/>
        <source>Zoom &amp;Out</source>
        <translation>Verklei&amp;nern</translation>
    </message>
    <message>
        <location filename="../ui/TerminalView.cpp" line="1724"/>
        <source>&amp;Reset Zoom</source>
        <translation>Zoom &amp;zurücksetzen</translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::TimelineNote</name>
    <message>
        <location filename="../ui/TimelineNote.cpp" line="49"/>
        <source>Failure</source>
        <translation>Fehlschlag</translation>
    </message>
    <message>
        <location filename="../ui/TimelineNote.cpp" line="51"/>
        <source>Denied</source>
        <translation>Abgelehnt</translation>
    </message>
    <message>
        <location filename="../ui/TimelineNote.cpp" line="53"/>
        <source>Re-planning</source>
        <translation>Neuplanung</translation>
    </message>
    <message>
        <location filename="../ui/TimelineNote.cpp" line="55"/>
        <source>New plan</source>
        <translation>Neuer Plan</translation>
    </message>
    <message>
        <location filename="../ui/TimelineNote.cpp" line="57"/>
        <source>Undone</source>
        <translation>Rückgängig gemacht</translation>
    </message>
    <message>
        <location filename="../ui/TimelineNote.cpp" line="59"/>
        <source>Model retry</source>
        <translation>Erneute Modellanfrage</translation>
    </message>
    <message>
        <location filename="../ui/TimelineNote.cpp" line="61"/>
        <source>Run succeeded</source>
        <translation>Lauf erfolgreich</translation>
    </message>
    <message>
        <location filename="../ui/TimelineNote.cpp" line="63"/>
        <source>Run cancelled</source>
        <translation>Lauf abgebrochen</translation>
    </message>
    <message>
        <location filename="../ui/TimelineNote.cpp" line="65"/>
        <source>Note</source>
        <translation>Hinweis</translation>
    </message>
    <message>
        <location filename="../ui/TimelineNote.cpp" line="67"/>
        <source>Run failed</source>
        <translation>Lauf fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../ui/TimelineNote.cpp" line="94"/>
        <location filename="../ui/TimelineNote.cpp" line="211"/>
        <source>Show details</source>
        <translation>Details anzeigen</translation>
    </message>
    <message>
        <location filename="../ui/TimelineNote.cpp" line="95"/>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <location filename="../ui/TimelineNote.cpp" line="211"/>
        <source>Hide details</source>
        <translation>Details ausblenden</translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::WorkspaceChangeDelegate</name>
    <message>
        <location filename="../ui/WorkspaceChangeDelegate.cpp" line="46"/>
        <source>added</source>
        <translation>hinzugefügt</translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeDelegate.cpp" line="48"/>
        <source>deleted</source>
        <translation>gelöscht</translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeDelegate.cpp" line="52"/>
        <source>changed</source>
        <translation>geändert</translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::WorkspaceChangeModel</name>
    <message>
        <location filename="../ui/WorkspaceChangeModel.cpp" line="37"/>
        <source>file</source>
        <translation>Datei</translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeModel.cpp" line="39"/>
        <source>folder</source>
        <translation>Ordner</translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeModel.cpp" line="41"/>
        <source>link</source>
        <translation>Link</translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeModel.cpp" line="45"/>
        <source>special file</source>
        <translation>Spezialdatei</translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeModel.cpp" line="195"/>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeModel.cpp" line="205"/>
        <source>The name holds invisible or control characters, shown as escapes such as \u202e.</source>
        <translation>Der Name enthält unsichtbare oder Steuerzeichen, angezeigt als Escapes wie \u202e.</translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeModel.cpp" line="219"/>
        <source>Hidden characters in its name · %1</source>
        <translation>Verborgene Zeichen im Namen · %1</translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeModel.cpp" line="303"/>
        <source>Accepted: %1</source>
        <translation>Angenommen: %1</translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeModel.cpp" line="306"/>
        <source>Changed on the host too; the host&apos;s version will be overwritten</source>
        <translation>Auch auf dem Host geändert; die Fassung des Hosts wird überschrieben</translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeModel.cpp" line="307"/>
        <source>Changed on the host too</source>
        <translation>Auch auf dem Host geändert</translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeModel.cpp" line="314"/>
        <source>Permissions %1 → %2</source>
        <translation>Rechte %1 → %2</translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeModel.cpp" line="318"/>
        <source>Was a %1, now a %2</source>
        <translation>War %1, jetzt %2</translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeModel.cpp" line="328"/>
        <source>Link removed</source>
        <translation>Link entfernt</translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeModel.cpp" line="329"/>
        <source>Link to %1</source>
        <translation>Link auf %1</translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeModel.cpp" line="332"/>
        <source>New folder</source>
        <translation>Neuer Ordner</translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeModel.cpp" line="332"/>
        <source>Folder removed</source>
        <translation>Ordner entfernt</translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeModel.cpp" line="336"/>
        <source>File removed</source>
        <translation>Datei entfernt</translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeModel.cpp" line="338"/>
        <source>New file, %1</source>
        <translation>Neue Datei, %1</translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeModel.cpp" line="339"/>
        <source>Contents changed</source>
        <translation>Inhalt geändert</translation>
    </message>
</context>
</TS>
