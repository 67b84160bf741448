<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>Core::Tr</name>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="71"/>
        <source>The agent rejected %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="74"/>
        <source>The sandbox&apos;s agent does not support %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="77"/>
        <source>The agent failed %1 (error %2): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="105"/>
        <source>The sandbox is not running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="113"/>
        <source>%1 does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="117"/>
        <source>%1 is outside the workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="121"/>
        <location filename="../vm/HostSandbox.cpp" line="126"/>
        <location filename="../vm/HostSandbox.cpp" line="128"/>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="123"/>
        <source>%1 is not a regular file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/HostBackend.cpp" line="13"/>
        <source>There is no host sandbox named %1: host sandboxes end with their run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXmlEdit.cpp" line="35"/>
        <source>Cannot read libvirt&apos;s XML: %1 (line %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXmlEdit.cpp" line="126"/>
        <source>The VM&apos;s XML has no %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSaveImage.cpp" line="49"/>
        <source>The saved VM state %1 cannot be used: %2.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::App</name>
    <message>
        <location filename="../app/CommandLine.cpp" line="14"/>
        <source>Terrarium plans a goal with a language model, turns each step into a shell command and runs it inside a sandbox, re-planning when a step fails.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="17"/>
        <source>Show this help and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="19"/>
        <source>Show the version and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="22"/>
        <source>Run without a window: events go to stdout as JSON lines, a log to stderr.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="23"/>
        <source>The goal to reach.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="24"/>
        <source>text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="26"/>
        <source>Task file (.yaml, .md or .txt) with the goal and the run&apos;s settings. The window shows what it asks for and waits for Run; --headless checks it and runs it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="29"/>
        <location filename="../app/CommandLine.cpp" line="144"/>
        <source>file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="31"/>
        <source>Allow what the task file asks for that needs consent: sandbox: host (no isolation) and network: outbound.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="34"/>
        <source>Where commands run: podman (default), libvirt or host (no isolation).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="36"/>
        <source>kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="38"/>
        <source>Host folder shared with the sandbox as its workspace (default: a new folder under ~/Terrarium, or the task file&apos;s folder).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="41"/>
        <source>dir</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="43"/>
        <source>LLM wire protocol: responses, chat or anthropic.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="44"/>
        <location filename="../app/CommandLine.cpp" line="72"/>
        <location filename="../app/CommandLine.cpp" line="93"/>
        <location filename="../app/CommandLine.cpp" line="130"/>
        <source>name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="46"/>
        <source>Base URL of the LLM API, e.g. http://localhost:11434/v1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="48"/>
        <source>url</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="50"/>
        <source>Model that writes the plan.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="50"/>
        <location filename="../app/CommandLine.cpp" line="53"/>
        <source>model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="52"/>
        <source>Model that turns steps into commands.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="55"/>
        <source>Risky commands: ask (default), safe (deny them without asking) or all (run everything).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="57"/>
        <location filename="../app/CommandLine.cpp" line="75"/>
        <source>policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="60"/>
        <source>Most commands one run may execute (1-10000, default 30).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="60"/>
        <location filename="../app/CommandLine.cpp" line="65"/>
        <source>n</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="63"/>
        <source>Most re-plans one run may make (0-100; 0 turns re-planning off; default 5).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="68"/>
        <source>Seconds one command may run (1-604800, default 600).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="68"/>
        <source>seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="70"/>
        <source>Sandbox image (default: Terrarium&apos;s Debian image, built locally when missing).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="74"/>
        <source>Sandbox network: none (default) or outbound.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="78"/>
        <source>mount (default for Podman): commands work in the folder itself; copy: on a copy whose changes you review before they reach the folder (always for VMs).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="80"/>
        <source>mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="83"/>
        <source>With a sandbox that works on a copy, what happens to its changes at the end: ask (default; not applied without a terminal), yes (all but conflicts) or no.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="85"/>
        <source>ask|yes|no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="88"/>
        <source>Snapshot the sandbox before each step the safety rules mark risky and roll it back when that step fails (VMs and Podman).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="91"/>
        <source>Use the sandbox with this name, attaching to it if it exists (see --list-sandboxes).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="95"/>
        <source>Leave the sandbox running after a headless run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="98"/>
        <source>Build the sandbox image if it is missing, and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="100"/>
        <source>Build the sandbox image again, and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="102"/>
        <source>List Terrarium&apos;s sandboxes and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="104"/>
        <source>List the runs Terrarium kept, newest first, and exit.</source>
        <translation>Die von Terrarium gespeicherten Läufe auflisten, neueste zuerst, und beenden.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="108"/>
        <source>Write the runbook of a kept run that succeeded (its goal and the commands that succeeded, with their exit codes) to FILE, a new .yaml file, and exit. Usage: --export-runbook RUN_ID FILE.</source>
        <translation>Das Runbook eines gespeicherten, erfolgreichen Laufs (sein Ziel und die erfolgreichen Befehle mit ihren Exit-Codes) in DATEI schreiben, eine neue .yaml-Datei, und beenden. Aufruf: --export-runbook RUN_ID DATEI.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="111"/>
        <location filename="../app/CommandLine.cpp" line="123"/>
        <source>run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="114"/>
        <source>Run the recorded commands of a runbook in a fresh sandbox, without a model (headless); stops at the first step whose exit code differs from the recorded one.</source>
        <translation>Die aufgezeichneten Befehle eines Runbooks in einer neuen Sandbox ausführen, ohne Modell (headless); hält beim ersten Schritt an, dessen Exit-Code vom aufgezeichneten abweicht.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="117"/>
        <source>runbook</source>
        <translation>runbook</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="120"/>
        <source>Take up a kept run that was interrupted (Terrarium was killed or crashed) or failed, headless, under the same run id: the planner re-plans from the step that did not finish. Its own sandbox is used again when it still exists.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="126"/>
        <source>With --replay: when a step&apos;s exit code differs, the planner re-plans from there (a model is needed then).</source>
        <translation>Mit --replay: weicht der Exit-Code eines Schritts ab, plant der Planer von dort aus neu (dann wird ein Modell gebraucht).</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="129"/>
        <source>Remove a sandbox nobody uses and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="133"/>
        <source>Remove the sandboxes that runs which did not end left behind (not those kept with --keep-sandbox or --sandbox-name); alone, do only that and exit.</source>
        <translation>Die Sandboxen entfernen, die nicht beendete Läufe zurückgelassen haben (nicht die mit --keep-sandbox oder --sandbox-name behaltenen); allein angegeben nur das tun und beenden.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="137"/>
        <source>Serve the control API on 127.0.0.1 and ::1 (port %1 unless a port follows; 0 picks a free one) while the window is open; with --headless and no goal, run what its clients start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="142"/>
        <source>Configuration file to use instead of ~/.config/terrarium/terrarium.conf.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="155"/>
        <source>The goal, as an alternative to --goal.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="156"/>
        <source>[goal...]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="177"/>
        <source>--serve takes a port from 0 to 65535, not &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="201"/>
        <source>--export-runbook takes a run and a file: --export-runbook RUN_ID FILE.</source>
        <translation>--export-runbook erwartet einen Lauf und eine Datei: --export-runbook RUN_ID DATEI.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="209"/>
        <source>Give the goal either with --goal or as arguments, not both.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="220"/>
        <source>--resume needs a run id (terrarium --list-runs lists them).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="224"/>
        <source>A resumed run (--resume) has its own goal; give no goal, --task or --replay with it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="233"/>
        <source>A runbook (--replay) has its own goal; give no goal or --task with it.</source>
        <translation>Ein Runbook (--replay) hat sein eigenes Ziel; geben Sie dazu kein Ziel und kein --task an.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="240"/>
        <source>--replan-on-divergence only goes with --replay RUNBOOK.</source>
        <translation>--replan-on-divergence geht nur zusammen mit --replay RUNBOOK.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="244"/>
        <source>Give the goal either in the task file (--task) or on the command line, not both.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="257"/>
        <source>--apply-changes takes ask, yes or no, not &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="274"/>
        <source>--serve with --headless takes no goal: the control API&apos;s clients start the runs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="299"/>
        <source>--clean-orphans works alone or with --headless.</source>
        <translation>--clean-orphans geht nur allein oder mit --headless.</translation>
    </message>
    <message>
        <location filename="../app/CommandLine.cpp" line="306"/>
        <source>--headless needs a goal: --goal &quot;...&quot; or --task FILE.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="54"/>
        <source>%1 has no steps, so it is not a runbook; terrarium --export-runbook RUN_ID FILE writes one.</source>
        <translation>%1 hat keine Schritte und ist daher kein Runbook; terrarium --export-runbook RUN_ID DATEI schreibt eines.</translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="63"/>
        <source>pass --yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="91"/>
        <location filename="../app/WindowController.cpp" line="305"/>
        <source>Runs are not kept: %1</source>
        <translation>Läufe werden nicht gespeichert: %1</translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="94"/>
        <source>The run %1 cannot be resumed: the run store cannot be opened.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="110"/>
        <source>Resuming the run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="147"/>
        <source>No terminal to ask for approval, so the command is denied. Use --approve safe or --approve all to decide without asking.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="152"/>
        <source>
Step %1 wants to run a risky command (%2 risk):
  $ %3
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="157"/>
        <source>Allow it? [o]nce, this [s]ession, [a]lways, [d]eny: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="175"/>
        <source>Please answer o, s, a or d: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="201"/>
        <source>  never applied: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="203"/>
        <source>  changed on the host too: kept as it is there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="208"/>
        <source>The sandbox worked on a copy of %1 and changed:
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="211"/>
        <source>No terminal to ask, so nothing was applied. Use --apply-changes yes to apply the changes without asking, or --keep-sandbox to keep them in the sandbox.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="223"/>
        <source>Apply these changes? [y]es, [n]o, [d]iffs: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="229"/>
        <source>Please answer y, n or d: </source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../app/HeadlessRunner.cpp" line="244"/>
        <source>Apply them to %1 (not the %n you changed there too)? [y]es, [n]o, [d]iffs: </source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="248"/>
        <source>Apply them to %1? [y]es, [n]o, [d]iffs: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="255"/>
        <source>No terminal to type input on, so the command&apos;s input is closed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="268"/>
        <source>Type a line for the command (Ctrl+D closes its input): </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="291"/>
        <source>Interrupted again; exiting without waiting.</source>
        <translation>Erneut unterbrochen; Beenden ohne zu warten.</translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="298"/>
        <source>Interrupted; cancelling (press Ctrl+C again to exit at once)...</source>
        <translation>Unterbrochen; wird abgebrochen (erneut Strg+C drücken, um sofort zu beenden)...</translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="316"/>
        <source>Removed the sandbox an earlier run left behind: %1</source>
        <translation>Die von einem früheren Lauf zurückgelassene Sandbox wurde entfernt: %1</translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="321"/>
        <source>Could not remove the sandbox an earlier run left behind, %1: %2</source>
        <translation>Die von einem früheren Lauf zurückgelassene Sandbox %1 konnte nicht entfernt werden: %2</translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="339"/>
        <source>An earlier run that did not end left its sandbox behind:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="340"/>
        <source>Earlier runs that did not end left these sandboxes behind:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="343"/>
        <source>Remove it with: terrarium --clean-orphans</source>
        <translation>Entfernen mit: terrarium --clean-orphans</translation>
    </message>
    <message>
        <location filename="../app/HeadlessRunner.cpp" line="344"/>
        <source>Remove them with: terrarium --clean-orphans</source>
        <translation>Entfernen mit: terrarium --clean-orphans</translation>
    </message>
    <message>
        <location filename="../app/HistoryController.cpp" line="33"/>
        <location filename="../app/HistoryController.cpp" line="42"/>
        <location filename="../app/WindowController.cpp" line="413"/>
        <location filename="../app/WindowController.cpp" line="447"/>
        <source>A run is in progress; stop it first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HistoryController.cpp" line="57"/>
        <source>That run is no longer kept.</source>
        <translation>Dieser Lauf ist nicht mehr gespeichert.</translation>
    </message>
    <message>
        <location filename="../app/HistoryController.cpp" line="88"/>
        <source>The run was deleted.</source>
        <translation>Der Lauf wurde gelöscht.</translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="12"/>
        <source>Plan (revision %1):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="18"/>
        <source>Step %1: %2
  $ %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="22"/>
        <source>  cancelled after %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="23"/>
        <source>  timed out after %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="25"/>
        <source>  done in %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="26"/>
        <source>  exit code %1 after %2 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="28"/>
        <source>
  WARNING: files that tools run by themselves were created or changed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="32"/>
        <source>
  setuid/setgid bits removed from: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="35"/>
        <source>
  WARNING: setuid/setgid bits could not be removed from: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="38"/>
        <source>
  This step cannot be undone: no snapshot could be taken before it (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="45"/>
        <source>Step %1 was not run: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="46"/>
        <source>Step %1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="49"/>
        <source>Re-planning (attempt %1)...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="51"/>
        <source>Step %1 needs approval (%2 risk): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="55"/>
        <source>Step %1 is waiting for input: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="58"/>
        <source>Run succeeded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="60"/>
        <source>Run cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="61"/>
        <source>Run failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="64"/>
        <source>Step %1 undone: the sandbox was rolled back to its snapshot from before the step (in %2 ms).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="71"/>
        <source>The %1 model did not answer (%2); trying again in %3 s (attempt %4 of %5).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="72"/>
        <source>planner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/HumanLog.cpp" line="72"/>
        <source>executor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="77"/>
        <source>terrarium: %1
Try &apos;terrarium --help&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="88"/>
        <location filename="../app/main.cpp" line="96"/>
        <location filename="../app/main.cpp" line="104"/>
        <location filename="../app/main.cpp" line="108"/>
        <source>terrarium: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="98"/>
        <source>No runs kept yet.</source>
        <translation>Noch keine Läufe gespeichert.</translation>
    </message>
    <message>
        <location filename="../app/main.cpp" line="110"/>
        <source>Wrote the runbook of run %1 to %2; replay it with terrarium --replay %2</source>
        <translation>Das Runbook von Lauf %1 wurde nach %2 geschrieben; abspielen mit terrarium --replay %2</translation>
    </message>
    <message>
        <location filename="../app/OrphanFinder.cpp" line="36"/>
        <source>Looking for sandboxes left behind took too long; not every kind was asked.</source>
        <translation>Die Suche nach zurückgelassenen Sandboxen dauerte zu lange; nicht jede Art wurde gefragt.</translation>
    </message>
    <message>
        <location filename="../app/OrphanFinder.cpp" line="127"/>
        <source>%1, left by run %2 (not in the run store)</source>
        <translation>%1, zurückgelassen von Lauf %2 (nicht im Laufspeicher)</translation>
    </message>
    <message>
        <location filename="../app/OrphanFinder.cpp" line="132"/>
        <source>%1, left by run %2 (%3): %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/OrphanFinder.cpp" line="168"/>
        <source>Its kind of sandbox cannot be asked now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ReadinessSummary.cpp" line="14"/>
        <source>%1: a local Ollama or llama.cpp server, looked for when the run starts (or set a model and key in Preferences)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ReadinessSummary.cpp" line="18"/>
        <source>%1: %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ReadinessSummary.cpp" line="21"/>
        <source>, key set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ReadinessSummary.cpp" line="23"/>
        <source>, key from the keyring when the run starts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ReadinessSummary.cpp" line="38"/>
        <source>Planner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ReadinessSummary.cpp" line="39"/>
        <source>Executor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ReadinessSummary.cpp" line="42"/>
        <source>Sandbox: a Podman container, but podman is not installed (sudo apt install podman)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ReadinessSummary.cpp" line="44"/>
        <source>Sandbox: a Podman container, network off; its image is built on the first run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ReadinessSummary.cpp" line="48"/>
        <source>Sandbox: a libvirt VM, but QEMU is not installed (sudo apt install qemu-system-x86 libvirt-daemon-system)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ReadinessSummary.cpp" line="50"/>
        <source>Sandbox: a libvirt VM, network off; its image is built on the first run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ReadinessSummary.cpp" line="53"/>
        <source>Sandbox: none, commands run on this computer as you</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ReadinessSummary.cpp" line="55"/>
        <source>Sandbox: %1 (unknown)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunListing.cpp" line="30"/>
        <source>RUN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunListing.cpp" line="31"/>
        <source>STATUS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunListing.cpp" line="32"/>
        <source>STARTED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunListing.cpp" line="33"/>
        <source>TOOK</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunListing.cpp" line="34"/>
        <source>GOAL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="52"/>
        <source>added</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="54"/>
        <source>changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="56"/>
        <source>deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="58"/>
        <source>permissions changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="60"/>
        <source>replaced by another kind of file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="120"/>
        <source>Workspace: %1 (a new folder for this run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="147"/>
        <source>This run is not kept: %1</source>
        <translation>Dieser Lauf wird nicht gespeichert: %1</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="155"/>
        <source>%1. The run goes on; saving it is tried again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="166"/>
        <source>Finding the models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="171"/>
        <source>Replaying a runbook: no model is needed</source>
        <translation>Ein Runbook wird abgespielt: kein Modell nötig</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="183"/>
        <source>Planner: %1, executor: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="202"/>
        <source>WARNING: the host sandbox runs every command directly on this machine, as you, with no isolation, in %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="216"/>
        <location filename="../app/RunSession.cpp" line="290"/>
        <source>Note: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="239"/>
        <source>Attaching to the run&apos;s own sandbox %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="246"/>
        <source>The run&apos;s sandbox is gone; a new one is started on the same workspace (what earlier steps did outside the workspace is not there).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="268"/>
        <source>Attaching to the existing sandbox %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="292"/>
        <source>Starting the %1 sandbox %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="300"/>
        <source>The sandbox could not start: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="309"/>
        <source>The sandbox is ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="354"/>
        <source>There is no record of what was copied into the sandbox %1, so its changes cannot be reviewed safely; nothing of it will be applied to %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="361"/>
        <location filename="../app/RunSession.cpp" line="366"/>
        <source>Copying the workspace into the sandbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="373"/>
        <source>The workspace could not be copied into the sandbox: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="385"/>
        <source>Cannot keep a record of the copied workspace in %1 (%2); after a crash its changes could not be reviewed.</source>
        <translation>Der kopierte Arbeitsordner kann in %1 nicht festgehalten werden (%2); nach einem Absturz ließen sich seine Änderungen nicht prüfen.</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="390"/>
        <source>Copied 1 file (%1 KiB) into the sandbox; it works on this copy, and its changes reach %2 only when you accept them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../app/RunSession.cpp" line="393"/>
        <source>Copied %n files (%1 KiB) into the sandbox; it works on this copy, and its changes reach %2 only when you accept them.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="400"/>
        <source>Not copied: %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="425"/>
        <source>The %1 sandbox cannot take snapshots, so risky steps that fail cannot be undone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="435"/>
        <source>Replaying 1 recorded step in the %1 sandbox, without a model.</source>
        <translation>1 aufgezeichneter Schritt wird in der Sandbox %1 abgespielt, ohne Modell.</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="437"/>
        <source>Replaying %1 recorded steps in the %2 sandbox, without a model.</source>
        <translation>%1 aufgezeichnete Schritte werden in der Sandbox %2 abgespielt, ohne Modell.</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="441"/>
        <source>Planner: %1 (%2), executor: %3 (%4), sandbox: %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="451"/>
        <source>Resuming the run %1 after its last finished step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="466"/>
        <source>The run was cancelled; the sandbox&apos;s changes were not applied to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="500"/>
        <source>the sandbox is not running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="501"/>
        <source>there is no record of what was copied in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="512"/>
        <source>The sandbox&apos;s changes could not be collected (%1); nothing was applied to %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="520"/>
        <source>The sandbox changed nothing in the workspace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="532"/>
        <source>1 change in the sandbox was not applied to %1:</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../app/RunSession.cpp" line="533"/>
        <source>%n changes in the sandbox were not applied to %1:</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/RunSession.cpp" line="541"/>
        <source>  ... and %n more</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="561"/>
        <source>The sandbox&apos;s changes could not be collected: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="567"/>
        <source>The sandbox has no changes that are not in %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="583"/>
        <source>The changes could not be applied to %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="587"/>
        <source>Applied 1 change to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../app/RunSession.cpp" line="588"/>
        <source>Applied %n changes to %1.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="593"/>
        <source>Not applied: %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="607"/>
        <source>1 change in the sandbox was not applied to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../app/RunSession.cpp" line="608"/>
        <source>%n changes in the sandbox were not applied to %1.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="624"/>
        <source>Another step is being undone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="626"/>
        <source>The sandbox is no longer there to roll back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="628"/>
        <source>The workspace is being transferred; try again when it is done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="629"/>
        <source>There is no snapshot from before this step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="638"/>
        <source>Undoing step %1: rolling the sandbox back to its snapshot...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="647"/>
        <source>Step %1 could not be undone: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="661"/>
        <source>Step %1 undone in %2 ms: the sandbox is as it was before it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="677"/>
        <source>Your answer is not kept with the run: %1</source>
        <translation>Ihre Antwort wird nicht mit dem Lauf gespeichert: %1</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="702"/>
        <source>Cancelled by the user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="708"/>
        <source>Interrupted; exited without waiting</source>
        <translation>Unterbrochen; ohne Warten beendet</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="752"/>
        <source>The sandbox %1 keeps running; attach to it with --sandbox-name %1, remove it with --remove-sandbox %1.</source>
        <translation>Die Sandbox %1 läuft weiter; verbinden mit --sandbox-name %1, entfernen mit --remove-sandbox %1.</translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="821"/>
        <source>Cannot create %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/RunSession.cpp" line="853"/>
        <source>The run store is closed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/SandboxFactory.cpp" line="60"/>
        <source>Unknown sandbox &quot;%1&quot;: use podman, libvirt or host.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/SandboxFactory.cpp" line="79"/>
        <source>Unknown sandbox &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/SandboxTool.cpp" line="69"/>
        <source>The %1 sandbox image is ready.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/SandboxTool.cpp" line="130"/>
        <source>No Terrarium sandboxes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/SandboxTool.cpp" line="137"/>
        <source>NAME</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/SandboxTool.cpp" line="138"/>
        <source>STATE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/SandboxTool.cpp" line="139"/>
        <source>IN USE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/SandboxTool.cpp" line="140"/>
        <source>NETWORK</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/SandboxTool.cpp" line="141"/>
        <source>WORKSPACE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/SandboxTool.cpp" line="147"/>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/SandboxTool.cpp" line="147"/>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/SandboxTool.cpp" line="162"/>
        <source>Removed %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/SandboxTool.cpp" line="173"/>
        <source>There is no Terrarium sandbox named %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/SandboxTool.cpp" line="182"/>
        <source>The runs are not named: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/SandboxTool.cpp" line="189"/>
        <source>No sandboxes left behind by earlier runs.</source>
        <translation>Keine von früheren Läufen zurückgelassenen Sandboxen.</translation>
    </message>
    <message>
        <location filename="../app/SandboxTool.cpp" line="196"/>
        <source>Removed %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/SandboxTool.cpp" line="203"/>
        <source>Could not remove %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="94"/>
        <source>This run&apos;s sandbox works in the folder itself; there is nothing to review.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="183"/>
        <source>Remote control is off.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="193"/>
        <location filename="../app/WindowController.cpp" line="198"/>
        <source>Remote control is off: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="204"/>
        <source>Remote control on %1 (docs/CONTROL_API.md).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="211"/>
        <source>The run %1 is not going on in this window.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="222"/>
        <source>A run is going on in the window; one at a time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="233"/>
        <source>open the task file in the window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="242"/>
        <source>The run could not start; the window says why.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="325"/>
        <source>Removed the sandbox %1 an earlier run left behind.</source>
        <translation>Die von einem früheren Lauf zurückgelassene Sandbox %1 wurde entfernt.</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="330"/>
        <source>Could not remove the sandbox %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="343"/>
        <source>Sandboxes Left Behind</source>
        <translation>Zurückgelassene Sandboxen</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="345"/>
        <source>An earlier run that did not end left its sandbox running. Remove it?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="347"/>
        <source>Earlier runs that did not end left their sandboxes running. Remove them?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="352"/>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="365"/>
        <source>Resume Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="365"/>
        <source>Resume Newest Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="369"/>
        <source>Continue run %1 in its sandbox from the step it did not finish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="375"/>
        <source>Keep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="402"/>
        <source>tick the box next to it in the task file&apos;s panel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="436"/>
        <source>The task file&apos;s folder is not used as the workspace: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="441"/>
        <source>Task file loaded: check what it asks for, then press Run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="452"/>
        <source>%1 has no steps, so it is not a runbook; a runbook is exported from a run that succeeded.</source>
        <translation>%1 hat keine Schritte und ist daher kein Runbook; ein Runbook wird aus einem erfolgreichen Lauf exportiert.</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="467"/>
        <source>A runbook of 1 recorded step: Run replays it without a model and stops if its exit code differs from the recorded one.</source>
        <translation>Ein Runbook mit 1 aufgezeichneten Schritt: Ausführen spielt ihn ohne Modell ab und hält an, wenn sein Exit-Code vom aufgezeichneten abweicht.</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="469"/>
        <source>A runbook of %1 recorded steps: Run replays them without a model and stops at the first whose exit code differs from the recorded one.</source>
        <translation>Ein Runbook mit %1 aufgezeichneten Schritten: Ausführen spielt sie ohne Modell ab und hält beim ersten an, dessen Exit-Code vom aufgezeichneten abweicht.</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="477"/>
        <source>%1. %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="480"/>
        <source>    (expected to exit with %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="484"/>
        <source>Runbook loaded: check what it asks for, then press Run.</source>
        <translation>Runbook geladen: prüfen Sie, was es verlangt, und drücken Sie dann Ausführen.</translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="505"/>
        <source>The run store cannot be opened, so no run can be resumed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="602"/>
        <source>The sandbox was rolled back to before step %1; open a new terminal.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="617"/>
        <source>Preparing the sandbox…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="663"/>
        <source>Settings saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="680"/>
        <source>No sandbox is running: start a run, then open a terminal into its sandbox.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="689"/>
        <source>Cannot open a terminal in the sandbox: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="700"/>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="705"/>
        <source>Terminal %1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="732"/>
        <source>No sandbox is running: start a run, then open its console.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="740"/>
        <source>Console — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="756"/>
        <source>The sandbox %1 was removed when the next run started.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="792"/>
        <source>Run succeeded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="795"/>
        <source>Run cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/WindowController.cpp" line="798"/>
        <source>Run failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ControlHost.cpp" line="53"/>
        <source>The control API needs the run store: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ControlHost.cpp" line="63"/>
        <source>Terrarium control API on %1 (token: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ControlHost.cpp" line="65"/>
        <source>TERRARIUM_CONTROL_TOKEN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ControlHost.cpp" line="72"/>
        <source>Terrarium is stopping.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ControlHost.cpp" line="75"/>
        <source>A run is going on (%1); one at a time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ControlHost.cpp" line="82"/>
        <location filename="../app/WindowController.cpp" line="225"/>
        <source>the task</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ControlHost.cpp" line="91"/>
        <source>start terrarium --serve with --yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ControlHost.cpp" line="113"/>
        <source>The run could not start; see Terrarium&apos;s log.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ControlHost.cpp" line="130"/>
        <source>The run %1 is not going on here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ControlHost.cpp" line="133"/>
        <location filename="../app/WindowController.cpp" line="214"/>
        <source>The run %1 has ended.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ControlHost.cpp" line="144"/>
        <location filename="../app/WindowController.cpp" line="254"/>
        <source>Step %1 waits for no approval.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ControlHost.cpp" line="155"/>
        <location filename="../app/ControlHost.cpp" line="166"/>
        <location filename="../app/WindowController.cpp" line="265"/>
        <location filename="../app/WindowController.cpp" line="276"/>
        <source>Step %1 waits for no input.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ControlHost.cpp" line="188"/>
        <source>Interrupted; cancelling the run (press Ctrl+C again to exit at once)...</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::Core</name>
    <message>
        <location filename="../core/agent/CommandGuard.cpp" line="83"/>
        <source>the command is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/agent/CommandGuard.cpp" line="86"/>
        <source>the command spans several lines; it must be one line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/agent/CommandGuard.cpp" line="89"/>
        <source>the command contains a NUL character</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/agent/CommandGuard.cpp" line="92"/>
        <source>the command contains the control or invisible character %1 at position %2; a command must be plain text, so that what is shown is what runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/agent/CommandGuard.cpp" line="99"/>
        <source>the command is longer than %1 characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/agent/CommandTranslator.cpp" line="38"/>
        <source>it did not call the emit_bash tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/agent/CommandTranslator.cpp" line="43"/>
        <source>the emit_bash arguments are not a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/agent/CommandTranslator.cpp" line="46"/>
        <source>the emit_bash call has no &quot;command&quot; string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/agent/CommandTranslator.cpp" line="62"/>
        <source>The executor model (%1) did not return a usable command twice: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../core/agent/Orchestrator.cpp" line="46"/>
        <source>%n minute(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../core/agent/Orchestrator.cpp" line="47"/>
        <source>%n second(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="87"/>
        <location filename="../core/agent/Orchestrator.cpp" line="244"/>
        <location filename="../core/agent/Orchestrator.cpp" line="530"/>
        <location filename="../core/agent/Orchestrator.cpp" line="573"/>
        <source>Cancelled by the user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="212"/>
        <source>Terrarium stopped while this step ran; its effects may be partial.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="255"/>
        <source>denied by the user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="310"/>
        <source>Planning failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="322"/>
        <source>The run reached its limit of %1 steps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="366"/>
        <source>denied by the safety policy: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="378"/>
        <source>Could not get a command for the step &quot;%1&quot;: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="539"/>
        <source>The sandbox failed during the step &quot;%1&quot;: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="590"/>
        <source>stopped: the sandbox&apos;s disk use grew to %1 MiB, past its limit of %2 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="595"/>
        <source>stopped: the sandbox&apos;s processes together used more than its memory limit of %1 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="600"/>
        <source>timed out after %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="603"/>
        <source>killed by signal %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="605"/>
        <source>exited with code %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="659"/>
        <source>The step &quot;%1&quot; failed and could not be undone: %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="676"/>
        <source>The step&apos;s changes were undone: the sandbox was put back as it was before the step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="688"/>
        <source>The replay stopped: %1.</source>
        <translation>Die Wiedergabe wurde angehalten: %1.</translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="695"/>
        <source>The step &quot;%1&quot; failed, and re-planning is off: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="700"/>
        <source>The step &quot;%1&quot; failed and the limit of %2 re-plans is reached: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="708"/>
        <source>The step &quot;%1&quot; failed and the run reached its limit of %2 steps: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="817"/>
        <source>step %1 timed out after %2; the runbook expects exit code %3</source>
        <translation>Schritt %1 lief nach %2 in eine Zeitüberschreitung; das Runbook erwartet Exit-Code %3</translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="822"/>
        <source>step %1 was stopped at the sandbox&apos;s limits; the runbook expects exit code %2</source>
        <translation>Schritt %1 wurde an den Grenzen der Sandbox angehalten; das Runbook erwartet Exit-Code %2</translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="827"/>
        <source>step %1 exited %2; the runbook expects %3</source>
        <translation>Schritt %1 endete mit %2; das Runbook erwartet %3</translation>
    </message>
    <message>
        <location filename="../core/agent/Orchestrator.cpp" line="832"/>
        <source>A recorded runbook was being replayed and diverged here: %1. The steps before it ran as recorded.</source>
        <translation>Ein aufgezeichnetes Runbook wurde abgespielt und wich hier ab: %1. Die Schritte davor liefen wie aufgezeichnet.</translation>
    </message>
    <message>
        <location filename="../core/agent/Planner.cpp" line="42"/>
        <source>the answer was empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/agent/Planner.cpp" line="43"/>
        <source>no list of steps was found in it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/agent/Planner.cpp" line="55"/>
        <source>The planner model (%1) did not return a usable plan twice: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/ConfigLoader.cpp" line="45"/>
        <source>&quot;%1&quot; in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/ConfigLoader.cpp" line="99"/>
        <location filename="../core/config/KeyStore.cpp" line="19"/>
        <source>planner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/ConfigLoader.cpp" line="99"/>
        <location filename="../core/config/KeyStore.cpp" line="19"/>
        <source>executor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/ConfigLoader.cpp" line="121"/>
        <source>Unknown provider &quot;%1&quot; (from %2): use responses, chat or anthropic.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/ConfigLoader.cpp" line="143"/>
        <source>&quot;%1&quot; (from %2) is not an http or https URL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/ConfigLoader.cpp" line="173"/>
        <source>No model is set for the %1 at %2: pass --%3-model or set TERRARIUM_%4_MODEL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/ConfigLoader.cpp" line="208"/>
        <source>%1 must be a whole number from %2 to %3, not &quot;%4&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/ConfigLoader.cpp" line="248"/>
        <source>Unknown sandbox &quot;%1&quot; (from %2): use podman, libvirt or host.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/ConfigLoader.cpp" line="282"/>
        <source>Unknown network policy &quot;%1&quot; (from %2): use none or outbound.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/ConfigLoader.cpp" line="295"/>
        <source>Unknown workspace mode &quot;%1&quot; (from %2): use mount or copy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/ConfigLoader.cpp" line="348"/>
        <source>Unknown approval policy &quot;%1&quot; (from %2): use ask, safe or all.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/ConfigLoader.cpp" line="372"/>
        <source>The configuration file %1 does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/ConfigLoader.cpp" line="375"/>
        <source>The configuration file %1 is not a file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/ConfigLoader.cpp" line="380"/>
        <source>The configuration file %1 cannot be read: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/ConfigLoader.cpp" line="384"/>
        <source>The configuration file %1 is not a valid INI file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/ConfigLoader.cpp" line="404"/>
        <source>No language model is configured. Do one of these:
  - set OPENAI_API_KEY (OpenAI, Responses API) or ANTHROPIC_API_KEY (Anthropic);
  - point Terrarium at an OpenAI-compatible server: --base-url URL --planner-model M --executor-model M (or TERRARIUM_BASE_URL, TERRARIUM_MODEL, TERRARIUM_API_KEY);
  - start a local server Terrarium finds by itself: Ollama on localhost:11434 (ollama serve, with a model pulled) or llama.cpp&apos;s llama-server on localhost:8080.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/KeyStore.cpp" line="40"/>
        <source>No desktop keyring (Secret Service) is running; set OPENAI_API_KEY/ANTHROPIC_API_KEY (or TERRARIUM_API_KEY for other servers) in the environment instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/KeyStore.cpp" line="55"/>
        <source>The desktop keyring refused access to the %1 API key (is it locked?): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/KeyStore.cpp" line="69"/>
        <source>Could not read the %1 API key from the desktop keyring: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/KeyStore.cpp" line="72"/>
        <source>Could not store the %1 API key in the desktop keyring: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/KeyStore.cpp" line="75"/>
        <source>Could not remove the %1 API key from the desktop keyring: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/LocalServer.cpp" line="9"/>
        <source>Ollama at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/LocalServer.cpp" line="10"/>
        <source>llama.cpp server at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/LocalServerDetector.cpp" line="55"/>
        <source>detection has not finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/LocalServerDetector.cpp" line="63"/>
        <source>no local server to look for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/LocalServerDetector.cpp" line="95"/>
        <source>nothing answered at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/LocalServerDetector.cpp" line="115"/>
        <source>Ollama runs at %1 but has no model; pull one with &quot;ollama pull MODEL&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/ModelResolver.cpp" line="66"/>
        <source>No API key configured; looking for a local Ollama or llama.cpp server...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/ModelResolver.cpp" line="77"/>
        <source>(Looked for local servers: %1.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/ModelResolver.cpp" line="80"/>
        <source>Using %1 with model %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/SettingSource.cpp" line="33"/>
        <source>Terrarium&apos;s default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/SettingSource.cpp" line="35"/>
        <source>%1 in the config file %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/SettingSource.cpp" line="37"/>
        <source>the environment variable %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/SettingSource.cpp" line="39"/>
        <source>the command line option %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/SettingSource.cpp" line="41"/>
        <source>%1 in the task file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/SettingsSession.cpp" line="56"/>
        <source>There is no settings file to save to.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/SettingsSession.cpp" line="74"/>
        <source>Could not write the settings to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="42"/>
        <source>%1, line %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="53"/>
        <source>the file holds a NUL byte; it is not a text file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="57"/>
        <source>the file is not UTF-8 text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="68"/>
        <source>a mapping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="70"/>
        <source>a list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="73"/>
        <source>empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="77"/>
        <source>&quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="139"/>
        <source>a key must be a plain name, not %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="143"/>
        <source>unknown key &quot;%1&quot; (expected %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="147"/>
        <source>&quot;%1&quot; is set twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="157"/>
        <location filename="../core/config/TaskFile.cpp" line="162"/>
        <location filename="../core/config/TaskFile.cpp" line="354"/>
        <source>&quot;%1&quot; is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="159"/>
        <location filename="../core/config/TaskFile.cpp" line="349"/>
        <source>&quot;%1&quot; must be text, not %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="175"/>
        <source>&quot;%1&quot; must be one of %2, not &quot;%3&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="194"/>
        <source>quoted text &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="197"/>
        <source>&quot;%1&quot; must be a whole number from %2 to %3, not %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="209"/>
        <source>&quot;limits&quot; must be a mapping of names to numbers, not %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="257"/>
        <source>&quot;env&quot; must be a mapping of variable names to values, not %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="267"/>
        <source>%1 is not a valid environment variable name (letters, digits and _, not starting with a digit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="273"/>
        <source>env &quot;%1&quot; is not allowed: it changes how programs are loaded or started, so a task file may not set it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="278"/>
        <source>env &quot;%1&quot; is set twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="284"/>
        <source>env &quot;%1&quot; has no value; write %1: &quot;&quot; for an empty one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="288"/>
        <source>env &quot;%1&quot; must be text, a number or true/false, not %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="301"/>
        <source>&quot;steps&quot; must be a list of steps ({title, command, exit_code}), not %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="306"/>
        <source>&quot;steps&quot; is an empty list; a runbook needs at least one step</source>
        <translation>&quot;steps&quot; ist eine leere Liste; ein Runbook braucht mindestens einen Schritt</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="323"/>
        <source>step %1 must be a mapping {title, command, exit_code}, not %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="366"/>
        <source>step %1 has no &quot;%2&quot;; every step needs a title and a command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="380"/>
        <source>the file holds more than one YAML document</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="385"/>
        <source>the file is empty; a task file needs at least a goal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="390"/>
        <source>a task file must be a mapping of keys (goal, sandbox, ...), not %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="442"/>
        <source>there is no &quot;goal&quot;; a task file needs one, e.g. goal: &quot;run the tests&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="450"/>
        <source>%1, line %2, column %3: %4 (not valid YAML)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="458"/>
        <source>%1: cannot be read as YAML: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="489"/>
        <source>the front matter that starts here is never closed by a &quot;---&quot; line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="582"/>
        <location filename="../core/config/TaskFile.cpp" line="646"/>
        <source>%1: a task file is a .yaml, .yml, .md, .markdown or .txt file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="586"/>
        <location filename="../core/config/TaskFile.cpp" line="652"/>
        <source>%1 is %2 KiB; task files are limited to %3 KiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="626"/>
        <source>the goal is set both in the front matter and by the text below it; keep one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="633"/>
        <source>the file holds no goal; write what the agent should do</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="649"/>
        <source>%1 is a folder, not a task file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="660"/>
        <location filename="../core/config/TaskFile.cpp" line="667"/>
        <location filename="../core/control/ControlToken.cpp" line="89"/>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="671"/>
        <source>%1 is larger than %2 KiB, the limit for task files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="742"/>
        <source>CPUs: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="744"/>
        <source>memory: %1 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="746"/>
        <source>processes: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="748"/>
        <source>steps: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="750"/>
        <source>re-plans: %1</source>
        <translation>Neuplanungen: %1</translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="752"/>
        <source>step timeout: %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="772"/>
        <source>to run commands directly on this computer with no isolation (sandbox: host)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="775"/>
        <source>to give the sandbox network access (network: outbound)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="776"/>
        <source>The task file asks %1. Nothing runs until you allow it: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/TaskFile.cpp" line="777"/>
        <source> and </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/UserSettings.cpp" line="76"/>
        <source>The planner&apos;s base URL &quot;%1&quot; is not an http:// or https:// URL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/UserSettings.cpp" line="77"/>
        <source>The executor&apos;s base URL &quot;%1&quot; is not an http:// or https:// URL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/UserSettings.cpp" line="85"/>
        <source>Unknown sandbox &quot;%1&quot;: use podman, libvirt or host.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/UserSettings.cpp" line="89"/>
        <source>Unknown network policy &quot;%1&quot;: use none or outbound.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/UserSettings.cpp" line="96"/>
        <source>The sandbox&apos;s CPUs must be from %1 to %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/UserSettings.cpp" line="98"/>
        <source>The sandbox&apos;s memory must be from %1 to %2 MiB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/UserSettings.cpp" line="100"/>
        <source>The sandbox&apos;s maximum processes must be from %1 to %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/UserSettings.cpp" line="102"/>
        <source>The sandbox&apos;s disk size must be from %1 to %2 MiB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/UserSettings.cpp" line="103"/>
        <source>The maximum steps must be from %1 to %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/UserSettings.cpp" line="105"/>
        <source>The re-plans before giving up must be from %1 to %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/UserSettings.cpp" line="107"/>
        <source>The step timeout must be from %1 to %2 seconds.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/UserSettings.cpp" line="109"/>
        <source>The remote control port must be from %1 to %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/WorkspacePolicy.cpp" line="53"/>
        <source>No workspace folder was given.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/WorkspacePolicy.cpp" line="57"/>
        <location filename="../vm/PodmanSandbox.cpp" line="337"/>
        <source>The workspace folder %1 does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/WorkspacePolicy.cpp" line="60"/>
        <source>The workspace %1 is a file, not a folder; choose the folder that holds it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/WorkspacePolicy.cpp" line="67"/>
        <source>Commands can change everything in their workspace; choose a project folder, or leave the workspace empty to get a new folder under %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/WorkspacePolicy.cpp" line="72"/>
        <source>The root folder / cannot be a workspace. %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/WorkspacePolicy.cpp" line="76"/>
        <source>Your home folder %1 cannot be a workspace. %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/WorkspacePolicy.cpp" line="79"/>
        <source>%1 contains your home folder, so it cannot be a workspace. %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/WorkspacePolicy.cpp" line="85"/>
        <source>%1 is inside ~/%2, which holds your settings or credentials, so it cannot be a workspace. %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/WorkspacePolicy.cpp" line="92"/>
        <source>%1 is a system folder, so it cannot be a workspace. %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/WorkspacePolicy.cpp" line="125"/>
        <source>Cannot create the folder %1 for run workspaces.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/config/WorkspacePolicy.cpp" line="142"/>
        <source>Cannot create a workspace folder in %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/exec/CommandRunner.cpp" line="21"/>
        <source>This sandbox cannot take checkpoints.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/exec/CommandRunner.cpp" line="31"/>
        <source>This sandbox cannot go back to a checkpoint.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/llm/LlmEndpoint.cpp" line="64"/>
        <source>Set %1, or save a key in Settings &gt; Preferences.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/llm/LlmEndpoint.cpp" line="67"/>
        <source>For this server set TERRARIUM_API_KEY (or TERRARIUM_PLANNER_API_KEY / TERRARIUM_EXECUTOR_API_KEY for one role), or save a key in Settings &gt; Preferences; OPENAI_API_KEY and ANTHROPIC_API_KEY only ever go to the vendors&apos; own https addresses.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="80"/>
        <source>The request to %1 for model &quot;%2&quot; was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="91"/>
        <source>No network access for %1 (model &quot;%2&quot;).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="115"/>
        <source>The network access for %1 (model &quot;%2&quot;) was shut down.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="179"/>
        <source>%1 sent an event larger than %2 MiB for model &quot;%3&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="240"/>
        <source>%1 sent nothing for %2 s on the request for model &quot;%3&quot;; the stream stalled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="276"/>
        <source>%1 (gave up after %2 attempts)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="326"/>
        <source>%1 at %2 wants an API key for model &quot;%3&quot; (HTTP %4: &quot;%5&quot;), and none was sent. %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="334"/>
        <source>%1 did not accept the API key for model &quot;%2&quot; (HTTP %3): &quot;%4&quot;. Check the key configured for this endpoint.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="347"/>
        <source>%1 at %2 answered with a redirect (HTTP %3) to %4. Terrarium does not follow redirects, so that an API key never goes anywhere but the configured address; if the new address is right, set the base URL to it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="352"/>
        <source>an unnamed address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="357"/>
        <source>%1 denied access to model &quot;%2&quot; (HTTP %3): &quot;%4&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="362"/>
        <source>%1 has no model &quot;%2&quot; or no endpoint %3 (HTTP %4): &quot;%5&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="368"/>
        <source>%1 timed out the request for model &quot;%2&quot; (HTTP %3): &quot;%4&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="375"/>
        <source>%1 quota is exhausted for model &quot;%2&quot; (HTTP %3): &quot;%4&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="379"/>
        <source>%1 is rate-limiting requests for model &quot;%2&quot; (HTTP %3): &quot;%4&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="388"/>
        <source>%1 had a server error for model &quot;%2&quot; (HTTP %3): &quot;%4&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="394"/>
        <source>%1 rejected the request for model &quot;%2&quot; (HTTP %3): &quot;%4&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="398"/>
        <source>%1 answered HTTP %2 for model &quot;%3&quot;: &quot;%4&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="415"/>
        <source>%1 ended the stream for model &quot;%2&quot; before the response was complete.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="419"/>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="431"/>
        <source>Could not reach %1 at %2 for model &quot;%3&quot;: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="444"/>
        <source>%1 sent a stream for model &quot;%2&quot; that could not be read: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="451"/>
        <source>%1 reported an error for model &quot;%2&quot; during the stream: &quot;%3&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/llm/LlmReply.cpp" line="464"/>
        <source>%1 answered the request for model &quot;%2&quot; with plain JSON instead of an event stream; the server does not support streaming here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/llm/ResponsesStreamDecoder.cpp" line="75"/>
        <source>the response failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/llm/StreamDecoder.cpp" line="52"/>
        <source>the stream carried an event that is not a JSON object (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/llm/StreamDecoder.cpp" line="54"/>
        <source>not an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/output/OutputSpool.cpp" line="126"/>
        <source>cannot create %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/output/OutputSpool.cpp" line="178"/>
        <source>The full output could not be kept on disk (%1); only what the console shows is left.</source>
        <translation>Die vollständige Ausgabe konnte nicht auf der Festplatte gespeichert werden (%1); nur was die Konsole zeigt, bleibt erhalten.</translation>
    </message>
    <message>
        <location filename="../core/output/OutputSpoolSnapshot.cpp" line="77"/>
        <location filename="../core/store/RunbookExporter.cpp" line="143"/>
        <location filename="../core/store/RunbookExporter.cpp" line="149"/>
        <location filename="../vm/libvirt/VmWarmStateMaker.cpp" line="243"/>
        <location filename="../vm/PodmanPreflight.cpp" line="102"/>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/output/OutputSpoolSnapshot.cpp" line="32"/>
        <source>Cannot read the saved output %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/output/OutputSpool.cpp" line="206"/>
        <source>
[… %1 bytes of output left out here: Terrarium keeps the first and the last %2 MiB of a step&apos;s output …]
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="178"/>
        <source>Deletes the root file system (rm /)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="180"/>
        <source>Deletes or replaces the whole home directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="182"/>
        <source>Deletes a system directory such as /etc, /usr or /var</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="184"/>
        <source>Deletes or moves files inside a system directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="186"/>
        <source>Deletes files recursively (rm -r)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="188"/>
        <source>Overwrites files so they cannot be recovered (shred)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="190"/>
        <source>Wipes a disk or its file system signatures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="192"/>
        <source>Changes a disk&apos;s partition table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="194"/>
        <source>Formats a file system (mkfs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="196"/>
        <source>Writes raw data to a disk device with dd</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="198"/>
        <source>Writes directly to a disk device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="200"/>
        <source>Writes to system files (/etc, /boot, /usr, ...)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="202"/>
        <source>Makes files writable by every user (chmod 777 / o+w)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="204"/>
        <source>Sets the setuid or setgid bit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="206"/>
        <source>Recursively changes permissions or owners of / or a system directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="208"/>
        <source>Gives files to root (chown root)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="210"/>
        <source>Changes owners recursively (chown -R)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="212"/>
        <source>Stops, disables or masks a system service</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="214"/>
        <source>Shuts down or reboots the system</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="216"/>
        <source>Kills every process, or init</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="218"/>
        <source>Fork bomb: starts processes until the system runs out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="220"/>
        <source>Runs code downloaded from the network (curl | sh)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="222"/>
        <source>Runs encoded or obfuscated code (base64 -d | sh)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="224"/>
        <source>Deletes whatever find matches (find -delete / -exec rm)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="226"/>
        <source>Deletes files named on standard input (xargs rm)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="228"/>
        <source>Drops a database, schema or table (SQL DROP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="230"/>
        <source>Empties a table (SQL TRUNCATE)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="232"/>
        <source>Deletes every row of a table (SQL DELETE without WHERE)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="234"/>
        <source>Overwrites the remote&apos;s history (git push --force)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="236"/>
        <source>Throws away uncommitted changes (git reset --hard)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="238"/>
        <source>Deletes untracked files (git clean -f)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="240"/>
        <source>Deletes a branch or tag on the remote (git push --delete)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="242"/>
        <source>Expires the reflog, the way back to lost commits (git reflog expire)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="244"/>
        <source>Nests or expands too deeply to be checked completely</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="246"/>
        <source>Runs a program whose name is only known when the command runs ($(...), $VAR, arrays, code that builds the command)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="249"/>
        <source>Runs a script that the same command line writes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="251"/>
        <source>Runs a command as another user (pkexec, runuser, setpriv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="253"/>
        <source>Runs commands on another host (ssh)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="255"/>
        <source>Runs a command on the host, outside the sandbox (flatpak-spawn --host)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="257"/>
        <source>An option makes the program run another command (git alias &apos;!&apos;, tar --checkpoint-action=exec)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="260"/>
        <source>Extracts an archive over / or a system directory (tar -C /)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="262"/>
        <source>Installs something that runs later on its own (shell start-up file, crontab, user service)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="265"/>
        <source>Opens a network connection through /dev/tcp or /dev/udp</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="267"/>
        <source>Connects a shell to the network (reverse shell: nc -e, socat exec:, bash -i &gt;&amp; /dev/tcp/...)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="270"/>
        <source>Sends secrets (SSH keys, credentials, /etc/shadow) over the network</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/safety/SafetyRules.cpp" line="272"/>
        <source>Sets a variable that loads code into the programs it starts (LD_PRELOAD, LD_LIBRARY_PATH, BASH_ENV)</source>
        <translation type="unfinished"></translation>
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
        <location filename="../core/store/RunbookExporter.cpp" line="141"/>
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
        <translation type="unfinished"></translation>
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
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/StoreSqlError.cpp" line="44"/>
        <source>reading or writing it failed (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/StoreSqlError.cpp" line="46"/>
        <source>it cannot be opened (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/StoreSqlError.cpp" line="56"/>
        <location filename="../core/workspace/WorkspaceFs.cpp" line="38"/>
        <location filename="../core/workspace/WorkspaceFs.cpp" line="42"/>
        <location filename="../core/workspace/WorkspaceFs.cpp" line="44"/>
        <location filename="../vm/libvirt/LibvirtError.cpp" line="187"/>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="185"/>
        <source>The run store %1 could not be read (%2); it was moved aside to %3 and a new one started.</source>
        <translation>Der Laufspeicher %1 konnte nicht gelesen werden (%2); er wurde nach %3 verschoben und ein neuer angelegt.</translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="196"/>
        <source>Qt&apos;s SQLite driver is missing (Debian: libqt6sql6-sqlite); runs cannot be kept.</source>
        <translation>Der SQLite-Treiber von Qt fehlt (Debian: libqt6sql6-sqlite); Läufe können nicht gespeichert werden.</translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="200"/>
        <source>Cannot make the folder of the run store %1.</source>
        <translation>Der Ordner des Laufspeichers %1 kann nicht angelegt werden.</translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="208"/>
        <location filename="../core/store/RunStore.cpp" line="223"/>
        <location filename="../core/store/RunStoreWriter.cpp" line="33"/>
        <location filename="../core/store/RunStoreWriter.cpp" line="40"/>
        <source>Cannot open the run store %1</source>
        <translation>Der Laufspeicher %1 kann nicht geöffnet werden</translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="217"/>
        <location filename="../core/store/RunStore.cpp" line="243"/>
        <source>The run store %1 is not a database Terrarium can use</source>
        <translation>Der Laufspeicher %1 ist keine Datenbank, die Terrarium verwenden kann</translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="252"/>
        <source>The run store %1 was made by a newer Terrarium (schema %2; this one knows %3); it is left as it is.</source>
        <translation>Der Laufspeicher %1 wurde von einem neueren Terrarium angelegt (Schema %2; dieses kennt %3); er bleibt unverändert.</translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="259"/>
        <source>Cannot migrate the run store %1 to schema %2</source>
        <translation>Der Laufspeicher %1 kann nicht auf Schema %2 migriert werden</translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="298"/>
        <location filename="../core/store/RunStore.cpp" line="349"/>
        <source>Cannot read the run store %1</source>
        <translation>Der Laufspeicher %1 kann nicht gelesen werden</translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="311"/>
        <location filename="../core/store/RunStore.cpp" line="378"/>
        <source>Cannot update the run store %1</source>
        <translation>Der Laufspeicher %1 kann nicht aktualisiert werden</translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="319"/>
        <location filename="../core/store/RunStore.cpp" line="342"/>
        <location filename="../core/store/RunStore.cpp" line="408"/>
        <location filename="../core/store/RunStore.cpp" line="489"/>
        <location filename="../core/store/RunStore.cpp" line="515"/>
        <location filename="../core/store/RunStore.cpp" line="536"/>
        <source>The run store is not open.</source>
        <translation>Der Laufspeicher ist nicht geöffnet.</translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="333"/>
        <source>Cannot record the run %1 in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="353"/>
        <source>There is no kept run %1 (terrarium --list-runs lists them).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="362"/>
        <source>The run %1 is still going on (process %2); it cannot be resumed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="367"/>
        <source>The run %1 succeeded; there is nothing to resume.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="370"/>
        <source>The run %1 was cancelled; it is not resumed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/RunStoreWriter.cpp" line="66"/>
        <source>Cannot save the run&apos;s events in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="504"/>
        <source>Cannot record the approval in %1</source>
        <translation>Die Freigabe kann nicht in %1 festgehalten werden</translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="508"/>
        <source>The run %1 has no approval asked for step %2.</source>
        <translation>Im Lauf %1 wurde für Schritt %2 keine Freigabe erfragt.</translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="528"/>
        <source>Cannot record the output file %1 in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="543"/>
        <source>There is no run %1 in %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="547"/>
        <source>The run %1 is still going; it can be deleted once it ends.</source>
        <translation>Der Lauf %1 läuft noch; er kann gelöscht werden, sobald er endet.</translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="550"/>
        <source>Cannot delete the run %1 from %2</source>
        <translation>Der Lauf %1 kann nicht aus %2 gelöscht werden</translation>
    </message>
    <message>
        <location filename="../core/store/RunStore.cpp" line="579"/>
        <source>The run %1 was deleted, but not its output files %2.</source>
        <translation>Der Lauf %1 wurde gelöscht, seine Ausgabedateien %2 aber nicht.</translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="77"/>
        <source>The name of %1 (or its link target) is not valid UTF-8; it is left alone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="80"/>
        <source>%1 is a special file (a FIFO, socket or device); such files are not copied to the host.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="84"/>
        <source>%1 could not be read in the sandbox: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="87"/>
        <source>The link %1 points outside the workspace (%2); it is not created.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="90"/>
        <source>%1 is larger than %2 MiB; it is not copied to the host.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="97"/>
        <location filename="../core/workspace/WorkspaceFolder.cpp" line="112"/>
        <source>%1 lies behind the link %2 on the host; nothing is written through links.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="113"/>
        <source>The workspace has too many files to compare (more than %1 in the %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="116"/>
        <source>sandbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="116"/>
        <source>host folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="128"/>
        <source>The contents of %1 are on another file system and were not compared.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="131"/>
        <source>The contents of %1 could not be read and were not compared: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="162"/>
        <source>The host&apos;s %1 was not copied into the sandbox, which made its own.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="180"/>
        <source>%1 was also created on the host since the copy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="183"/>
        <source>%1 was deleted on the host since the copy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="184"/>
        <source>%1 was changed on the host since the copy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="193"/>
        <source>The setuid, setgid or sticky bit of %1 is not applied.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="221"/>
        <source>The folder %1 holds files on the host that are new or changed since the copy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="289"/>
        <source>the sandbox&apos;s file was not read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceChangeSet.cpp" line="342"/>
        <source>%1 It was not overwritten.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceDiff.cpp" line="268"/>
        <location filename="../core/workspace/WorkspaceDiff.cpp" line="270"/>
        <source>%1 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceDiff.cpp" line="271"/>
        <source>%1 → %2 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceDiff.cpp" line="277"/>
        <source>+%1 −%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceDiff.cpp" line="279"/>
        <source>Binary file, %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceDiff.cpp" line="281"/>
        <source>Too large to show (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceDiff.cpp" line="283"/>
        <source>Cannot show the change: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceFolder.cpp" line="50"/>
        <source>%1 changed on the host after the changes were listed; it was left alone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceFolder.cpp" line="78"/>
        <location filename="../core/workspace/WorkspaceManifest.cpp" line="207"/>
        <source>Cannot open the folder %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceFolder.cpp" line="88"/>
        <source>The folder %1 is not open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceFolder.cpp" line="117"/>
        <source>%1 is not a folder on the host.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceFolder.cpp" line="126"/>
        <source>%1 is on another file system than the workspace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceFolder.cpp" line="193"/>
        <source>%1 is not a regular file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceFolder.cpp" line="225"/>
        <source>%1 changed in the sandbox after the changes were listed; it was left alone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceFolder.cpp" line="231"/>
        <source>%1 is no link.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceFolder.cpp" line="256"/>
        <source>The folder %1 was not removed: it still holds files on the host.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceFolder.cpp" line="324"/>
        <source>The link %1 points outside the workspace (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceFolder.cpp" line="335"/>
        <source>The link %1 would lead through the link %2 on the host.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceFs.cpp" line="83"/>
        <location filename="../vm/AgentChannel.cpp" line="297"/>
        <source>%1 is larger than %2 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceManifest.cpp" line="112"/>
        <source>A workspace manifest entry has no path or an unknown type.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceManifest.cpp" line="223"/>
        <source>Cannot list the folder %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspaceManifest.cpp" line="308"/>
        <source>A workspace manifest has no list of entries.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspacePath.cpp" line="12"/>
        <source>The path is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspacePath.cpp" line="14"/>
        <source>The path &quot;%1&quot; contains a NUL character.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspacePath.cpp" line="16"/>
        <source>The path &quot;%1&quot; is absolute.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspacePath.cpp" line="20"/>
        <source>The path &quot;%1&quot; has an empty component.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/workspace/WorkspacePath.cpp" line="22"/>
        <source>The path &quot;%1&quot; contains &quot;%2&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/AgentCall.cpp" line="17"/>
        <source>The agent has not answered yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="111"/>
        <source>its output ended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="113"/>
        <source>there is no connection to it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="119"/>
        <source>the connection to it was closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="121"/>
        <source>the connection to it was destroyed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="127"/>
        <source>it could not be started: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="144"/>
        <source>its channel was shut down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="180"/>
        <source>The request %1 is larger than the agent accepts (%2 bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="208"/>
        <source>it did not answer agent.hello: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="228"/>
        <source>the connection to it failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="266"/>
        <source>A negative read limit was given for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="441"/>
        <location filename="../vm/AgentChannel.cpp" line="454"/>
        <source>it sent a line longer than %1 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="549"/>
        <source>The agent&apos;s answer to %1 holds invalid base64</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="680"/>
        <source>the connection to it ended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="689"/>
        <source>it was killed by signal %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="691"/>
        <source>it exited with code %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/AgentChannel.cpp" line="710"/>
        <source>the sandbox&apos;s agent went away: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/AgentExecJob.cpp" line="73"/>
        <location filename="../vm/HostExecJob.cpp" line="134"/>
        <location filename="../vm/HostSandbox.cpp" line="250"/>
        <source>No command given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/AgentExecJob.cpp" line="117"/>
        <source>it did not end command %1 in time (%2 s after its deadline); the sandbox is not answering</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/AgentExecJob.cpp" line="192"/>
        <source>The sandbox&apos;s agent does not audit workspaces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/AgentSandbox.cpp" line="29"/>
        <source>The agent in the sandbox %1 did not answer within %2 s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/AgentSandbox.cpp" line="67"/>
        <source>The agent in %1 did not describe the sandbox: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/AgentSandbox.cpp" line="88"/>
        <source>the sandbox was stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/AgentSandbox.cpp" line="96"/>
        <source>The sandbox %1 is not running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/HostExecJob.cpp" line="204"/>
        <location filename="../vm/LocalPtySession.cpp" line="175"/>
        <location filename="../vm/LocalPtySession.cpp" line="216"/>
        <source>Could not start %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/HostExecJob.cpp" line="345"/>
        <source>terrarium: the command left processes running in the background; they were stopped with it.
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="147"/>
        <source>The workspace %1 is not accessible: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="164"/>
        <source>Confined file access needs Linux 5.6 or newer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="336"/>
        <source>The host sandbox cannot take snapshots; use a Podman or libvirt sandbox to be able to roll back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="347"/>
        <source>The host sandbox cannot roll back: it has no snapshots. Use a Podman or libvirt sandbox for that</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="365"/>
        <source>No workspace directory is set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="368"/>
        <source>The workspace %1 does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="371"/>
        <source>The workspace %1 is not a directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="441"/>
        <source>The working directory %1 does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="449"/>
        <source>The working directory %1 is outside the workspace %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="458"/>
        <source>Invalid file path &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="474"/>
        <source>%1 is outside the workspace %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="481"/>
        <source>Invalid read limit %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="499"/>
        <location filename="../vm/HostSandbox.cpp" line="580"/>
        <source>%1 is not a regular file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="502"/>
        <source>%1 is larger than the %2 bytes allowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/HostSandbox.cpp" line="542"/>
        <source>%1 does not name a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="65"/>
        <source>%1 contains control characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="71"/>
        <source>%1 is not set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="76"/>
        <source>%1 &quot;%2&quot; is not an absolute path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="86"/>
        <source>%1: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="98"/>
        <location filename="../vm/libvirt/DomainXml.cpp" line="562"/>
        <source>the name is not set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="99"/>
        <location filename="../vm/libvirt/DomainXml.cpp" line="563"/>
        <source>the name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="100"/>
        <source>the image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="101"/>
        <source>the workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="103"/>
        <source>the environment variable name &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="105"/>
        <source>it needs at least one CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="107"/>
        <source>it needs some memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="108"/>
        <source>the architecture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="109"/>
        <source>the machine type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="110"/>
        <source>the emulator path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="111"/>
        <source>the kernel path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="112"/>
        <source>the initrd path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="113"/>
        <source>the kernel command line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="114"/>
        <source>the disk path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="115"/>
        <source>the console log path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="116"/>
        <source>the agent socket path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="121"/>
        <source>the agent socket path %1 is %2 bytes long, more than the %3 a UNIX socket allows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="126"/>
        <source>Cannot describe the VM %1 to libvirt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="149"/>
        <source>A sandbox VM managed by Terrarium: an agent&apos;s commands run in it, and Terrarium removes it with the sandbox.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="152"/>
        <source>Workspace: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="154"/>
        <source>Created %1 UTC.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="301"/>
        <source>&lt;%1&gt; is not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="327"/>
        <source>unknown network policy &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="446"/>
        <source>Terrarium sandbox %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="477"/>
        <source>Cannot describe the VM %1 to libvirt: the XML could not be written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="499"/>
        <source>Cannot read the VM&apos;s description: it is not a libvirt domain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="527"/>
        <source>Cannot read the VM&apos;s description: %1 (line %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="533"/>
        <source>The VM %1 was not made by Terrarium: it has no Terrarium metadata</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="539"/>
        <source>The Terrarium metadata of the VM %1 is damaged: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="564"/>
        <source>the overlay path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXml.cpp" line="566"/>
        <source>Cannot describe the snapshot %1 to libvirt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXmlEdit.cpp" line="160"/>
        <source>disk %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXmlEdit.cpp" line="187"/>
        <source>source for disk %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/DomainXmlEdit.cpp" line="298"/>
        <source>disk %1 in the snapshot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtBackend.cpp" line="35"/>
        <source>Connecting to libvirt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtBackend.cpp" line="68"/>
        <source>libvirt at %1 offers no QEMU virtual machines for %2: install qemu-system-x86 (Debian/Ubuntu).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtBackend.cpp" line="90"/>
        <source>qemu-img is missing; install it (Debian/Ubuntu: sudo apt install qemu-utils).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtBackend.cpp" line="102"/>
        <source>libvirt offers KVM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtBackend.cpp" line="103"/>
        <source>libvirt offers QEMU without KVM (slower)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtBackend.cpp" line="125"/>
        <source>libvirt is ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtBackend.cpp" line="142"/>
        <source>VMs run under QEMU&apos;s software emulation (TCG), several times slower than with KVM%1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtBackend.cpp" line="146"/>
        <source> (KVM: %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtBackend.cpp" line="148"/>
        <source>A VM could not be restored from its saved state and booted instead: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtBackend.cpp" line="152"/>
        <source>VMs boot instead of starting from a saved state: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtBackend.cpp" line="170"/>
        <source>libvirt has not been connected yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtBackend.cpp" line="199"/>
        <location filename="../vm/libvirt/LibvirtBackend.cpp" line="219"/>
        <source>There is no Terrarium VM named %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtBackend.cpp" line="224"/>
        <location filename="../vm/SandboxManager.cpp" line="111"/>
        <source>The sandbox %1 is in use by a running Terrarium; stop that run first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtBackend.cpp" line="235"/>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="84"/>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="349"/>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="833"/>
        <source>Cannot stop the VM %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtConnection.cpp" line="73"/>
        <source>Cannot connect to libvirt at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtConnection.cpp" line="88"/>
        <source>Cannot list the VMs at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtConnection.cpp" line="134"/>
        <source>Cannot find the VM %1 at %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtConnection.cpp" line="147"/>
        <source>Cannot read the state of the VM %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtConnection.cpp" line="157"/>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="102"/>
        <location filename="../vm/libvirt/VmWarmStart.cpp" line="253"/>
        <source>Cannot read the description of the VM %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtConnection.cpp" line="172"/>
        <source>Cannot create the VM %1 at %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtConnection.cpp" line="188"/>
        <source>Cannot remove the VM %1 at %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtConnection.cpp" line="199"/>
        <source>Cannot read the host&apos;s capabilities at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtConnection.cpp" line="225"/>
        <source>KVM is not usable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtConsoleSession.cpp" line="115"/>
        <source>Cannot open the console of the VM %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtConsoleSession.cpp" line="118"/>
        <source>Cannot open the console of the VM %1 (is it open in another pane or in virsh console?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtConsoleSession.cpp" line="127"/>
        <source>Cannot follow the console of the VM %1 (libvirt&apos;s event loop is not running)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtError.cpp" line="83"/>
        <source>libvirtd is not running on %1; start it there (e.g. sudo systemctl start libvirtd, or libvirtd -d).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtError.cpp" line="86"/>
        <source>libvirtd is not running; start it (e.g. sudo systemctl start libvirtd, or libvirtd -d).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtError.cpp" line="89"/>
        <source>No libvirt driver accepted this address: libvirtd is not running, or lacks its QEMU driver; start it (e.g. sudo systemctl start libvirtd, or libvirtd -d) and install what is missing (Debian: libvirt-daemon-system qemu-system-x86).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtError.cpp" line="95"/>
        <source>The account used on %1 needs access to libvirt there (e.g. membership of the libvirt group).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtError.cpp" line="99"/>
        <source>qemu:///system needs root or membership of the libvirt group (sudo usermod -aG libvirt $USER, then log in again); qemu:///session needs neither.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtError.cpp" line="103"/>
        <source>qemu:///session runs as you: check that $XDG_RUNTIME_DIR/libvirt and ~/.config/libvirt belong to you, or use qemu:///system as a member of the libvirt group.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtError.cpp" line="107"/>
        <source>Check your access rights to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtError.cpp" line="109"/>
        <source>Hardware virtualisation (KVM) is not usable here: use software emulation (domain type qemu, slower), or make /dev/kvm usable (enable virtualisation in the firmware, load kvm_intel or kvm_amd, join the kvm group).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtError.cpp" line="114"/>
        <source>Check that ssh %1 works from this account without a password prompt (a key, with ssh-agent).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtError.cpp" line="176"/>
        <source>%1: libvirt gave no reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtError.cpp" line="180"/>
        <source>libvirt error %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtError.cpp" line="188"/>
        <source>%1: %2. %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtHostCapabilities.cpp" line="102"/>
        <source>no &lt;capabilities&gt; element</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtHostCapabilities.cpp" line="107"/>
        <source>Cannot read libvirt&apos;s host capabilities: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="94"/>
        <source>Cannot create a disk layer for the VM %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="113"/>
        <source>Cannot point the VM %1 at its rolled back disk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="133"/>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="621"/>
        <source>Cannot start the VM %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="142"/>
        <source>The VM %1 started on %2 instead of its rolled back disk %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="214"/>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="295"/>
        <source>The VM %1 is busy with another snapshot or rollback.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="265"/>
        <source>Cannot replace the snapshot %1 of the VM %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="273"/>
        <source>Cannot take the snapshot %1 of the VM %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="306"/>
        <source>The VM %1 has no snapshot named %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="352"/>
        <source>Cannot roll the VM %1 back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="390"/>
        <source>The VM %1 did not come back from the rollback: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="428"/>
        <location filename="../vm/PodmanSandbox.cpp" line="291"/>
        <source>The sandbox %1 is in use by another Terrarium (process %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="468"/>
        <source>The VM %1 is not running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="482"/>
        <source>Restoring the VM from its ready state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="489"/>
        <source>cannot copy %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="519"/>
        <source>the restored VM cannot renew its clock and random state: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="553"/>
        <source>Creating the VM&apos;s disk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="569"/>
        <source>Cannot create the disk of the VM %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="578"/>
        <source>Cannot run %1 (package qemu-utils): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="614"/>
        <source>Booting the VM (KVM)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="615"/>
        <source>Booting the VM (emulated, without KVM)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="648"/>
        <source>The VM %1 started without the agent&apos;s channel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="653"/>
        <source>The VM %1 has a network interface, but its sandbox must have none; it was changed outside Terrarium.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="660"/>
        <source>Waiting for the VM&apos;s agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="686"/>
        <source>Cannot reach the agent of the VM %1 at %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="739"/>
        <source>Checking the workspace folder in the VM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="760"/>
        <source>Cannot make the workspace folder in the VM %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="786"/>
        <source>The VM %1 stopped answering: %2 (did it run out of memory or power off?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSandbox.cpp" line="852"/>
        <source>The VM %1 was stopped during the rollback.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSaveImage.cpp" line="58"/>
        <location filename="../vm/libvirt/LibvirtSaveImage.cpp" line="74"/>
        <source>it is too short</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSaveImage.cpp" line="61"/>
        <source>saving it did not complete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSaveImage.cpp" line="63"/>
        <source>it is not a libvirt save image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSaveImage.cpp" line="67"/>
        <source>its format version %1 is not supported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSaveImage.cpp" line="71"/>
        <location filename="../vm/libvirt/LibvirtSaveImage.cpp" line="77"/>
        <location filename="../vm/libvirt/LibvirtSaveImage.cpp" line="82"/>
        <source>its header is damaged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSaveImage.cpp" line="96"/>
        <source>Cannot read the saved VM state %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSaveImage.cpp" line="110"/>
        <source>Cannot open the saved VM state %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSaveImage.cpp" line="124"/>
        <source>the new name does not fit in it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/LibvirtSaveImage.cpp" line="131"/>
        <source>Cannot rewrite the saved VM state %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmImage.cpp" line="19"/>
        <source>There is no VM image in %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmImage.cpp" line="46"/>
        <source>The VM image in %1 is incomplete: %2 is missing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmImage.cpp" line="51"/>
        <source>The VM image in %1 has no kernel command line in its manifest.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmImageBuilder.cpp" line="27"/>
        <source>the VM image check has not finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmImageBuilder.cpp" line="60"/>
        <source>The VM image build script %1 is missing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmImageBuilder.cpp" line="65"/>
        <location filename="../vm/PodmanSandbox.cpp" line="305"/>
        <source>The sandbox agent %1 is missing; build Terrarium again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmImageBuilder.cpp" line="80"/>
        <source>Building the VM image from Debian packages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmImageBuilder.cpp" line="108"/>
        <source>Building the VM image failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmImageBuilder.cpp" line="116"/>
        <source>Cannot move the new VM image to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmImageBuilder.cpp" line="120"/>
        <source>The VM image is ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmImageBuilder.cpp" line="126"/>
        <location filename="../vm/libvirt/VmWarmStateMaker.cpp" line="99"/>
        <location filename="../vm/PodmanCommand.cpp" line="64"/>
        <location filename="../vm/PodmanImageBuilder.cpp" line="135"/>
        <source>Cannot run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmImageBuilder.cpp" line="143"/>
        <source>the VM image build was cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmSpecValidation.cpp" line="33"/>
        <source>the name &quot;%1&quot; cannot name a VM: use 1 to %2 ASCII letters, digits, &apos;.&apos;, &apos;_&apos;, &apos;-&apos; or &apos;+&apos;, starting with a letter or digit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmSpecValidation.cpp" line="39"/>
        <source>%1 CPUs asked for; the host has %2, so use 1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmSpecValidation.cpp" line="43"/>
        <source>%1 CPUs asked for; a VM needs at least 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmSpecValidation.cpp" line="46"/>
        <source>%1 MiB of memory asked for; a VM needs at least %2 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmSpecValidation.cpp" line="50"/>
        <source>%1 MiB of memory asked for; the host has %2 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmSpecValidation.cpp" line="58"/>
        <source>The sandbox settings do not fit a VM: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmWarmStart.cpp" line="241"/>
        <source>The VM ready state %1 stayed in use by another start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmWarmStart.cpp" line="248"/>
        <source>Cannot read the UUID of the VM %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmWarmStart.cpp" line="264"/>
        <source>Cannot restore the VM %1 from its ready state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmWarmStateMaker.cpp" line="49"/>
        <source>The VM that was to be saved for warm starts did not get ready in time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmWarmStateMaker.cpp" line="72"/>
        <source>Another Terrarium is making or using the VM ready state %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmWarmStateMaker.cpp" line="89"/>
        <source>Cannot create the disk of the VM to save: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmWarmStateMaker.cpp" line="134"/>
        <source>The VM to save started without the agent&apos;s channel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmWarmStateMaker.cpp" line="148"/>
        <source>Cannot start the VM %1 to save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmWarmStateMaker.cpp" line="173"/>
        <source>The VM to save went away before it held.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmWarmStateMaker.cpp" line="182"/>
        <source>The agent of the VM to save went away: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmWarmStateMaker.cpp" line="194"/>
        <source>Cannot reach the agent of the VM to save: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmWarmStateMaker.cpp" line="211"/>
        <source>The VM to save cannot set its clock and random state: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmWarmStateMaker.cpp" line="224"/>
        <source>the VM is being saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmWarmStateMaker.cpp" line="254"/>
        <source>Cannot move the VM ready state to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmWarmStateMaker.cpp" line="264"/>
        <source>Cannot save the VM %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/libvirt/VmWarmStateMaker.cpp" line="285"/>
        <source>the VM ready state was not made</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/LocalPtySession.cpp" line="154"/>
        <source>The terminal session was already started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/LocalPtySession.cpp" line="157"/>
        <source>No program given for the terminal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/LocalPtySession.cpp" line="163"/>
        <source>Could not start %1: not found on the PATH</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/LocalPtySession.cpp" line="185"/>
        <source>Could not open a pseudo terminal: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/LocalPtySession.cpp" line="214"/>
        <source>Could not enter %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanBackend.cpp" line="24"/>
        <source>Checking Podman</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanBackend.cpp" line="79"/>
        <source>Choosing a container runtime</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanBackend.cpp" line="91"/>
        <source>Podman is ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanBackend.cpp" line="118"/>
        <location filename="../vm/PodmanBackend.cpp" line="135"/>
        <location filename="../vm/PodmanBackend.cpp" line="147"/>
        <source>Podman has not been checked yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanCommand.cpp" line="29"/>
        <source>the podman command has not finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanCommand.cpp" line="76"/>
        <source>podman crashed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanCommand.cpp" line="77"/>
        <location filename="../vm/WorkspaceTransfer.cpp" line="212"/>
        <source>exit code %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanCommand.cpp" line="90"/>
        <source>podman did not answer within %1 s: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanCommand.cpp" line="104"/>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanImageBuilder.cpp" line="42"/>
        <source>the image build has not finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanImageBuilder.cpp" line="61"/>
        <source>Cannot look for the image %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanImageBuilder.cpp" line="77"/>
        <source>The image build script %1 is missing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanImageBuilder.cpp" line="98"/>
        <source>Building the sandbox image %1 from Debian packages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanImageBuilder.cpp" line="126"/>
        <source>Building the sandbox image failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanImageBuilder.cpp" line="143"/>
        <source>Importing the root filesystem into Podman</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanImageBuilder.cpp" line="158"/>
        <source>Importing the sandbox image failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanImageBuilder.cpp" line="163"/>
        <source>The sandbox image %1 is ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanImageBuilder.cpp" line="183"/>
        <source>the image build was cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanPreflight.cpp" line="58"/>
        <source>Cannot create Podman&apos;s run folder %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanPreflight.cpp" line="65"/>
        <source>Cannot read Podman&apos;s run folder %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanPreflight.cpp" line="70"/>
        <source>Podman&apos;s run folder %1 is not a folder owned by you (owner uid %2); someone else may have made it. Remove it, or set XDG_RUNTIME_DIR.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanPreflight.cpp" line="76"/>
        <source>Cannot make Podman&apos;s run folder %1 private: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanPreflight.cpp" line="118"/>
        <source>the Podman preflight has not finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanPreflight.cpp" line="147"/>
        <source>Podman is not installed, so Terrarium cannot create container sandboxes. Install it (on Debian or Ubuntu: sudo apt install podman runc uidmap slirp4netns) or choose another sandbox.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanPreflight.cpp" line="164"/>
        <source>Rootless Podman needs subordinate user and group ids, and %1 has no range for %2. Add one with: sudo usermod --add-subuids 100000-165535 --add-subgids 100000-165535 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanPreflight.cpp" line="174"/>
        <source>Rootless Podman needs %1, which is missing. Install it (Debian/Ubuntu: sudo apt install uidmap).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanPreflight.cpp" line="185"/>
        <source>Sandboxes cannot have network access on this machine: rootless networking needs /dev/net/tun, which this user cannot open (%1). Most systems make it usable by everyone: sudo chmod 0666 /dev/net/tun</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanPreflight.cpp" line="282"/>
        <source>Podman cannot use overlay storage here (%1); the slower vfs driver is used instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanPreflight.cpp" line="290"/>
        <source>Podman does not work for this user: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanPreflight.cpp" line="299"/>
        <source>podman info gave an answer Terrarium cannot read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanPreflight.cpp" line="332"/>
        <source>chooseRuntime() needs a successful check() first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanPreflight.cpp" line="344"/>
        <source>No OCI runtime for Podman is installed. Install crun or runc (Debian/Ubuntu: sudo apt install runc).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanPreflight.cpp" line="373"/>
        <source>No OCI runtime can start a container on this host: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanSandbox.cpp" line="147"/>
        <source>%1 processes (not %2: this account may not allow more)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanSandbox.cpp" line="150"/>
        <source>%1 processes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanSandbox.cpp" line="154"/>
        <source>The sandbox %1 is limited to %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanSandbox.cpp" line="156"/>
        <source>This host cannot limit rootless containers through cgroups (cgroup v%1, controllers: %2), so the sandbox %3 is limited another way: %4 MiB of memory in total, watched by its agent (a step past it is stopped), and through rlimits %4 MiB of data per process and %5. Its CPU use is not limited (%6 CPUs were asked for).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanSandbox.cpp" line="162"/>
        <source>none delegated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanSandbox.cpp" line="192"/>
        <source>&quot;%1&quot; is not a valid container image name (like localhost/terrarium/debian:bookworm or docker.io/library/debian:12).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanSandbox.cpp" line="202"/>
        <source>The workspace folder %1 has a comma or a line break in its name, which Podman cannot mount; rename it or choose another folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanSandbox.cpp" line="311"/>
        <source>Starting the container %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanSandbox.cpp" line="320"/>
        <source>Cannot start the container %1 again: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanSandbox.cpp" line="349"/>
        <source>Creating the container %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanSandbox.cpp" line="366"/>
        <source>Podman could not create the sandbox from %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanSandbox.cpp" line="376"/>
        <source>Connecting to the agent in the container</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanSandbox.cpp" line="418"/>
        <source>Cannot make the workspace folder in the sandbox %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanSandbox.cpp" line="436"/>
        <source>The sandbox %1 stopped answering: %2 (did the container stop or run out of memory?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/PodmanSandbox.cpp" line="629"/>
        <source>The sandbox did not come back from the snapshot.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/Sandbox.cpp" line="68"/>
        <source>The %1 sandbox has no console of its own; open a terminal in it instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/SandboxJob.cpp" line="16"/>
        <source>The operation has not finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/SandboxManager.cpp" line="102"/>
        <source>There is no Terrarium sandbox named %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="79"/>
        <source>The sandbox went away.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="124"/>
        <source>The workspace transfer was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="209"/>
        <source>%1 failed in the sandbox: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="228"/>
        <location filename="../vm/WorkspaceTransfer.cpp" line="492"/>
        <location filename="../vm/WorkspaceTransfer.cpp" line="510"/>
        <location filename="../vm/WorkspaceTransfer.cpp" line="582"/>
        <source>A workspace transfer is running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="237"/>
        <source>The folder %1 has more than %2 entries; that is too many to copy into a sandbox.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="274"/>
        <source>The name is not valid UTF-8.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="280"/>
        <source>It is on another file system.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="286"/>
        <source>Its contents could not be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="293"/>
        <location filename="../vm/WorkspaceTransfer.cpp" line="388"/>
        <source>It could not be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="295"/>
        <source>It is larger than %1 MiB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="301"/>
        <source>The link could not be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="304"/>
        <source>The link points outside the workspace (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="311"/>
        <source>It is a special file (a FIFO, socket or device).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="391"/>
        <source>It changed while the workspace was being copied.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="404"/>
        <source>Cannot copy %1 into the sandbox: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="435"/>
        <source>The files of this sandbox cannot be listed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="457"/>
        <source>Cannot list the files in the sandbox: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="642"/>
        <source>Cannot read %1 in the sandbox: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../vm/WorkspaceTransfer.cpp" line="668"/>
        <source>It was not applied.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/control/ControlProtocol.cpp" line="49"/>
        <source>&quot;%1&quot; must be a string.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/control/ControlProtocol.cpp" line="52"/>
        <source>&quot;%1&quot; is longer than %2 characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/control/ControlProtocol.cpp" line="54"/>
        <source>&quot;%1&quot; is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/control/ControlProtocol.cpp" line="65"/>
        <source>&quot;%1&quot; must be a whole number of at least 1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/control/ControlProtocol.cpp" line="74"/>
        <source>&quot;run_id&quot; holds characters no run id has.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/control/ControlProtocol.cpp" line="84"/>
        <source>&quot;step_id&quot; is too large.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/control/ControlProtocol.cpp" line="136"/>
        <source>The message is not JSON (%1 at offset %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/control/ControlProtocol.cpp" line="140"/>
        <source>The message is not a JSON object.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/control/ControlProtocol.cpp" line="145"/>
        <source>Unsupported protocol version; this server speaks &quot;v&quot;: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/control/ControlProtocol.cpp" line="150"/>
        <source>&quot;id&quot; must be a number or a string of at most %1 characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/control/ControlProtocol.cpp" line="158"/>
        <source>The message has no &quot;type&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/control/ControlProtocol.cpp" line="159"/>
        <source>Unknown message type &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/control/ControlProtocol.cpp" line="176"/>
        <source>run.start needs either a &quot;goal&quot; or a &quot;task&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/control/ControlProtocol.cpp" line="196"/>
        <source>&quot;decision&quot; must be once, session, always or deny.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="101"/>
        <source>The control API listens on loopback addresses only (127.0.0.1 or ::1), not on %1: it can start commands in a sandbox.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="106"/>
        <source>The control API needs a token of at least %1 characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="113"/>
        <source>The control API cannot listen on %1 port %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="127"/>
        <source>Terrarium stops serving.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="184"/>
        <source>Too many control clients (at most %1); try again later.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="187"/>
        <source>too many clients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="205"/>
        <source>Messages are JSON text, not binary.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="219"/>
        <source>The token is wrong.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="220"/>
        <location filename="../core/control/ControlServer.cpp" line="317"/>
        <source>unauthenticated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="291"/>
        <source>Too many messages; closing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="292"/>
        <source>too many messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="299"/>
        <source>Too many messages (at most %1 a second); this one was not read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="314"/>
        <source>Not authenticated: send the token first, as {&quot;v&quot;: 1, &quot;type&quot;: &quot;auth&quot;, &quot;token&quot;: &quot;…&quot;} or an Authorization: Bearer header.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="340"/>
        <source>This Terrarium runs nothing for control clients.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/control/ControlServer.cpp" line="400"/>
        <location filename="../core/store/RunStore.cpp" line="358"/>
        <source>There is no kept run %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/control/ControlToken.cpp" line="52"/>
        <source>%1 is shorter than %2 characters; a token that short could be guessed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/control/ControlToken.cpp" line="61"/>
        <source>Cannot make the folder %1 for the control token: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/control/ControlToken.cpp" line="74"/>
        <source>Cannot write the control token to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/control/ControlToken.cpp" line="80"/>
        <source>Cannot create %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/control/ControlToken.cpp" line="94"/>
        <source>The control token file %1 is not yours alone (it must be a file you own with mode 0600); remove it and a new one is made.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/control/ControlToken.cpp" line="104"/>
        <source>The control token file %1 holds no usable token; remove it and a new one is made.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core/store/ResumePoint.cpp" line="60"/>
        <source>The step ended %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::ApprovalPanel</name>
    <message>
        <location filename="../ui/ApprovalPanel.cpp" line="19"/>
        <source>Run &amp;once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ApprovalPanel.cpp" line="20"/>
        <source>Allow for this &amp;session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ApprovalPanel.cpp" line="21"/>
        <source>&amp;Always allow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ApprovalPanel.cpp" line="22"/>
        <source>&amp;Deny</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ApprovalPanel.cpp" line="26"/>
        <source>Approval needed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ApprovalPanel.cpp" line="40"/>
        <source>Command waiting for approval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ApprovalPanel.cpp" line="45"/>
        <source>Run this command now; ask again next time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ApprovalPanel.cpp" line="47"/>
        <source>Run it, and the same command again without asking until Terrarium quits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ApprovalPanel.cpp" line="48"/>
        <source>Run it, and never ask about this exact command again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ApprovalPanel.cpp" line="49"/>
        <source>Do not run it; the planner looks for another way</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ApprovalPanel.cpp" line="78"/>
        <source>Step %1 wants to run a command with %2 risk. Run it?</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::ChangeReviewPanel</name>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="43"/>
        <source>%1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="55"/>
        <source>A binary file (%1): its contents are not shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="58"/>
        <source>Too large to show here (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="60"/>
        <source>The difference cannot be shown: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="71"/>
        <source>Only the permissions change: %1 → %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="76"/>
        <source>A file becomes a folder here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="77"/>
        <source>A folder the sandbox made.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="78"/>
        <source>A folder the sandbox removed, with what it held.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="82"/>
        <source>A link the sandbox removed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="84"/>
        <source>A link, now pointing to %1 instead of %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="87"/>
        <source>A link pointing to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="91"/>
        <source>A special file (a FIFO, socket or device).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="92"/>
        <source>There is no difference to show.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="131"/>
        <source>Changes made in the sandbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="164"/>
        <source>Changed files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="172"/>
        <source>Tick the changes to apply; Space ticks the selected one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="214"/>
        <source>Select All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="215"/>
        <source>Tick every change that can be applied; changes made on the host too stay as they are</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="218"/>
        <source>Select None</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="219"/>
        <source>Untick every change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="221"/>
        <source>Discard All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="222"/>
        <source>Leave the host folder as it is; nothing of these changes is applied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="225"/>
        <source>Apply Selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="226"/>
        <source>Write the ticked changes to the host folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="270"/>
        <source>Result of applying the changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="279"/>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="280"/>
        <source>Done with the sandbox&apos;s changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="348"/>
        <source>No files changed in the sandbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="350"/>
        <source>1 file changed in the sandbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/ChangeReviewPanel.cpp" line="351"/>
        <source>%n files changed in the sandbox</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="352"/>
        <source>%1 added</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="352"/>
        <source>%1 changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="353"/>
        <source>%1 deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/ChangeReviewPanel.cpp" line="355"/>
        <source>%n also changed on the host</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/ChangeReviewPanel.cpp" line="357"/>
        <source>%n cannot be applied</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="358"/>
        <source> · </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="360"/>
        <source>Nothing has been written to the host folder yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="361"/>
        <source>Applying writes to %1; nothing has been written there yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="378"/>
        <source>%1 of %2 selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="390"/>
        <source>Select a change to see it here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="391"/>
        <source>The sandbox changed nothing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="405"/>
        <source>This change cannot be applied: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="409"/>
        <source>%1 Ticking it overwrites the host&apos;s version.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="458"/>
        <source>Applied 1 change to the host folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/ChangeReviewPanel.cpp" line="459"/>
        <source>Applied %n changes to the host folder</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="460"/>
        <source>1 change could not be applied</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/ChangeReviewPanel.cpp" line="461"/>
        <source>%n changes could not be applied</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="464"/>
        <source>1 change was applied.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/ChangeReviewPanel.cpp" line="465"/>
        <source>%n changes were applied.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="468"/>
        <source>1 change was not selected and stays in the sandbox.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/ChangeReviewPanel.cpp" line="469"/>
        <source>%n changes were not selected and stay in the sandbox.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="472"/>
        <source>Host folder: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="480"/>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="480"/>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="491"/>
        <source>Not applied: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ChangeReviewPanel.cpp" line="494"/>
        <source>Applied</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::CommandBlock</name>
    <message>
        <location filename="../ui/CommandBlock.cpp" line="30"/>
        <location filename="../ui/CommandBlock.cpp" line="34"/>
        <source>Command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/CommandBlock.cpp" line="58"/>
        <location filename="../ui/CommandBlock.cpp" line="75"/>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/CommandBlock.cpp" line="63"/>
        <source>Copy the command to the clipboard (Ctrl+Shift+C)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/CommandBlock.cpp" line="64"/>
        <source>Copy command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/CommandBlock.cpp" line="122"/>
        <source>Copied</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::ConsoleView</name>
    <message numerus="yes">
        <location filename="../ui/ConsoleView.cpp" line="313"/>
        <source>… %Ln lines above are in the saved output</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="566"/>
        <source>This console does not keep its output; the step does.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="836"/>
        <source>&amp;Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="841"/>
        <source>Select &amp;All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="847"/>
        <source>&amp;Save Full Output…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="854"/>
        <source>C&amp;lear View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="855"/>
        <source>Empties this view; the saved output keeps everything</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="864"/>
        <source>standard-output.txt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="865"/>
        <source>standard-error.txt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="868"/>
        <location filename="../ui/ConsoleView.cpp" line="873"/>
        <source>Save Full Output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="868"/>
        <source>Text files (*.txt *.log);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="623"/>
        <location filename="../ui/ConsoleView.cpp" line="627"/>
        <source>stdout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="625"/>
        <location filename="../ui/ConsoleView.cpp" line="627"/>
        <source>stderr</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="657"/>
        <source>Show Less</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="657"/>
        <source>Show All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="658"/>
        <source>Back to the usual height, scrolling inside</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="659"/>
        <source>Show every line at full height, without scrolling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="661"/>
        <source>Show less of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="662"/>
        <source>Show all of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ConsoleView.cpp" line="866"/>
        <source>output.txt</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::DiffView</name>
    <message>
        <location filename="../ui/DiffView.cpp" line="48"/>
        <source>Differences</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::MainWindow</name>
    <message>
        <location filename="../ui/MainWindow.cpp" line="60"/>
        <source>Terrarium</source>
        <translation>Terrarium</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="90"/>
        <location filename="../ui/MainWindow.cpp" line="267"/>
        <source>&amp;Run</source>
        <translation>&amp;Ausführen</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="67"/>
        <source>&amp;Goal:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="70"/>
        <source>Describe what the agent should do, e.g. &quot;run the test suite and fix what fails&quot;. Ctrl+Enter runs it; you can also drop a .md, .txt or .yaml task file here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="72"/>
        <source>Goal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="82"/>
        <source>&amp;Sandbox:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="84"/>
        <source>Podman container</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="85"/>
        <source>libvirt virtual machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="86"/>
        <source>Host (no isolation)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="87"/>
        <source>Sandbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="92"/>
        <source>Start the run (Ctrl+Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="100"/>
        <source>S&amp;top</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="101"/>
        <source>Stop the run and everything it started (Ctrl+.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="104"/>
        <source>Workspace:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="107"/>
        <source>Workspace folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="109"/>
        <source>&amp;Change…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="110"/>
        <source>The host folder the sandbox sees as /workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="121"/>
        <source>Commands will run directly on this computer, as you, with no isolation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="158"/>
        <source>Error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="215"/>
        <source>Ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="256"/>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="257"/>
        <source>&amp;Open Task File…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="261"/>
        <source>Choose &amp;Workspace…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="264"/>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="268"/>
        <source>&amp;Run Goal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="273"/>
        <source>&amp;Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="282"/>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="284"/>
        <source>Focus &amp;Goal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="287"/>
        <source>Focus &amp;Plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="290"/>
        <source>&amp;Collapse All Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="294"/>
        <source>&amp;Expand All Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="327"/>
        <source>&amp;Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="329"/>
        <source>&amp;Preferences…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="338"/>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="339"/>
        <source>&amp;About Terrarium</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="340"/>
        <source>About Terrarium</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="341"/>
        <source>&lt;p&gt;&lt;b&gt;Terrarium %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Plans a goal with a language model, runs each step as a command inside a sandbox, and shows it all live.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="513"/>
        <source>Type a goal first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="522"/>
        <source>Open Task File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="523"/>
        <source>Task files (*.yaml *.yml *.md *.markdown *.txt);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="540"/>
        <source>Choose the Workspace Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="577"/>
        <source>Stop the Run?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="577"/>
        <source>A run is in progress. Stop it and close Terrarium?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="113"/>
        <source>Choose a &amp;Folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="114"/>
        <source>A &amp;New Folder for Each Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="259"/>
        <source>&amp;Replay…</source>
        <translation>Runbook ab&amp;spielen…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="278"/>
        <source>Review &amp;Workspace Changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="280"/>
        <source>What a sandbox that works on a copy changed, to apply or discard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="298"/>
        <source>Run &amp;History</source>
        <translation>&amp;Verlauf der Läufe</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="305"/>
        <source>The kept runs, to look at again, run again or delete</source>
        <translation>Die gespeicherten Läufe, zum erneuten Ansehen, erneuten Ausführen oder Löschen</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="309"/>
        <source>&amp;Terminal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="315"/>
        <source>A shell inside the run&apos;s sandbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="317"/>
        <source>Open the Sandbox&apos;s &amp;Console</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="319"/>
        <source>A VM&apos;s serial console: its boot messages and a root shell</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="483"/>
        <source>A new folder in %1 for each run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="531"/>
        <source>Replay a Runbook</source>
        <translation>Ein Runbook abspielen</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="532"/>
        <source>Runbooks (*.yaml *.yml);;All files (*)</source>
        <translation>Runbooks (*.yaml *.yml);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="683"/>
        <source>The goal of the run in progress; stop it to change the goal</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::PastRunView</name>
    <message>
        <location filename="../ui/PastRunView.cpp" line="24"/>
        <source>&amp;Back to Current</source>
        <translation>&amp;Zurück zum aktuellen Lauf</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="25"/>
        <source>Run &amp;Again…</source>
        <translation>&amp;Erneut ausführen…</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="26"/>
        <source>&amp;Delete…</source>
        <translation>&amp;Löschen…</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="27"/>
        <source>&amp;Resume…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="61"/>
        <source>Back to the current run (Esc)</source>
        <translation>Zurück zum aktuellen Lauf (Esc)</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="63"/>
        <location filename="../ui/PastRunView.cpp" line="104"/>
        <source>Start a new run with this goal</source>
        <translation>Einen neuen Lauf mit diesem Ziel starten</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="64"/>
        <source>Delete this run and its output from the history</source>
        <translation>Diesen Lauf und seine Ausgabe aus dem Verlauf löschen</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="65"/>
        <source>Go on with this run from the step that did not finish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="72"/>
        <source>Past run timeline</source>
        <translation>Zeitleiste des früheren Laufs</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="83"/>
        <source>Back to Current</source>
        <translation>Zurück zum aktuellen Lauf</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="105"/>
        <source>A run is in progress; it can run again once that ends</source>
        <translation>Ein Lauf ist im Gange; dieser kann erneut laufen, sobald jener endet</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="140"/>
        <source>Could not copy %1 to %2</source>
        <translation>%1 konnte nicht nach %2 kopiert werden</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="147"/>
        <source>Viewing a past run: %1</source>
        <translation>Ein früherer Lauf: %1</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="171"/>
        <source>The run ended before this step did.</source>
        <translation>Der Lauf endete vor diesem Schritt.</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="187"/>
        <source>Terrarium stopped before the run ended (%1).</source>
        <translation>Terrarium wurde beendet, bevor der Lauf endete (%1).</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="209"/>
        <source>Run Again?</source>
        <translation>Erneut ausführen?</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="210"/>
        <source>Start a new run with this goal?

%1

It runs in the sandbox and workspace chosen in the window.</source>
        <translation>Einen neuen Lauf mit diesem Ziel starten?

%1

Er läuft in der Sandbox und dem Arbeitsordner, die im Fenster gewählt sind.</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="222"/>
        <source>Resume the Run?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="223"/>
        <source>Go on with this run from the step that did not finish?

%1

The planner is told what already ran. It goes on in its own %2 sandbox when that still exists, else in a new one, in %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="236"/>
        <source>Delete the Run?</source>
        <translation>Lauf löschen?</translation>
    </message>
    <message>
        <location filename="../ui/PastRunView.cpp" line="237"/>
        <source>Delete this run, its events and its output from the history? This cannot be undone.

%1</source>
        <translation>Diesen Lauf, seine Ereignisse und seine Ausgabe aus dem Verlauf löschen? Das kann nicht rückgängig gemacht werden.

%1</translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::PlanStepDelegate</name>
    <message>
        <location filename="../ui/PlanStepDelegate.cpp" line="180"/>
        <source>exit %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::PlanView</name>
    <message>
        <location filename="../ui/PlanView.cpp" line="24"/>
        <source>&amp;Plan</source>
        <translation type="unfinished"></translation>
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
        <translation type="unfinished"></translation>
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
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="85"/>
        <source>Steps appear here as they run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="345"/>
        <source>Step %1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="349"/>
        <source>Re-planning from the failure (attempt %1)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="79"/>
        <source>Describe a goal above and press &lt;b&gt;Run&lt;/b&gt; (&lt;b&gt;Ctrl+Enter&lt;/b&gt;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="81"/>
        <source>or drop a task file (.yaml) on the window.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="201"/>
        <source>1 step done</source>
        <translation>1 Schritt erledigt</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/RunTimeline.cpp" line="201"/>
        <source>%n steps done</source>
        <translation>
            <numerusform>%n Schritt erledigt</numerusform>
            <numerusform>%n Schritte erledigt</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="203"/>
        <source>1 step not done</source>
        <translation>1 Schritt nicht erledigt</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/RunTimeline.cpp" line="203"/>
        <source>%n steps not done</source>
        <translation>
            <numerusform>%n Schritt nicht erledigt</numerusform>
            <numerusform>%n Schritte nicht erledigt</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="206"/>
        <location filename="../ui/RunTimeline.cpp" line="247"/>
        <source>1 re-plan</source>
        <translation>1 Neuplanung</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/RunTimeline.cpp" line="206"/>
        <location filename="../ui/RunTimeline.cpp" line="247"/>
        <source>%n re-plans</source>
        <translation>
            <numerusform>%n Neuplanung</numerusform>
            <numerusform>%n Neuplanungen</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="208"/>
        <source>%1 tokens in, %2 out</source>
        <translation>%1 Tokens hinein, %2 heraus</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="217"/>
        <source>Run succeeded in %1: %2</source>
        <translation>Lauf erfolgreich in %1: %2</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="220"/>
        <source>Run cancelled after %1: %2</source>
        <translation>Lauf abgebrochen nach %1: %2</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="223"/>
        <source>Run failed after %1: %2</source>
        <translation>Lauf fehlgeschlagen nach %1: %2</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="245"/>
        <source>1 step run</source>
        <translation>1 Schritt ausgeführt</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/RunTimeline.cpp" line="245"/>
        <source>%n steps run</source>
        <translation>
            <numerusform>%n Schritt ausgeführt</numerusform>
            <numerusform>%n Schritte ausgeführt</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="249"/>
        <source>1 approval asked</source>
        <translation>1 Freigabe erfragt</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/RunTimeline.cpp" line="250"/>
        <source>%n approvals asked</source>
        <translation>
            <numerusform>%n Freigabe erfragt</numerusform>
            <numerusform>%n Freigaben erfragt</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="252"/>
        <source>1 model retry</source>
        <translation>1 erneute Modellanfrage</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/RunTimeline.cpp" line="253"/>
        <source>%n model retries</source>
        <translation>
            <numerusform>%n erneute Modellanfrage</numerusform>
            <numerusform>%n erneute Modellanfragen</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="257"/>
        <source>setup %1</source>
        <translation>Vorbereitung %1</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="258"/>
        <source>model %1</source>
        <translation>Modell %1</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="259"/>
        <source>commands %1</source>
        <translation>Befehle %1</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="261"/>
        <source>waiting for you %1</source>
        <translation>Warten auf Sie %1</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="262"/>
        <source>Time: %1</source>
        <translation>Zeit: %1</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="265"/>
        <location filename="../ui/RunTimeline.cpp" line="364"/>
        <source>planner</source>
        <translation>Planer</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="266"/>
        <location filename="../ui/RunTimeline.cpp" line="364"/>
        <source>executor</source>
        <translation>Ausführer</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="268"/>
        <source>%1 %2 in, %3 out</source>
        <translation>%1 %2 hinein, %3 heraus</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="272"/>
        <source>Tokens: %1</source>
        <translation>Tokens: %1</translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="301"/>
        <source>Waiting for your approval: this command has %1 risk. Run it? Answer in the panel below the timeline.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="316"/>
        <source>
[The rest of this step&apos;s output is not in the history; Save writes all of it.]
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="340"/>
        <source>Not run: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="344"/>
        <source>Step %1 was not run: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="358"/>
        <source>New plan (revision %1): 1 step</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/RunTimeline.cpp" line="359"/>
        <source>New plan (revision %1): %n steps</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="366"/>
        <source>The %1 model did not answer; trying again in %2 s (attempt %3 of %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="378"/>
        <source>Preferences…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="386"/>
        <source>Step %1 was undone after it failed: the sandbox was rolled back to its snapshot from before the step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="411"/>
        <source>The run stopped during this step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="416"/>
        <source>Resumed: the run goes on from here, with a new plan for what is left.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/RunTimeline.cpp" line="417"/>
        <source>It had ended with: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::SettingsDialog</name>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="57"/>
        <source>Planner: writes and revises the plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="58"/>
        <source>&amp;Protocol:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="59"/>
        <source>&amp;Base URL:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="60"/>
        <source>&amp;Model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="61"/>
        <source>API &amp;key:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="62"/>
        <source>S&amp;how</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="64"/>
        <source>Executor: turns each step into a command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="65"/>
        <source>Pr&amp;otocol:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="66"/>
        <source>Base &amp;URL:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="67"/>
        <source>Mo&amp;del:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="68"/>
        <source>API k&amp;ey:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="69"/>
        <source>Sho&amp;w</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="115"/>
        <source>Terrarium Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="191"/>
        <source>Detect &amp;local server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="193"/>
        <source>Look for Ollama (localhost:11434) or llama.cpp&apos;s server (localhost:8080) and use it for both roles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="158"/>
        <source>Save the settings (Ctrl+Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="208"/>
        <source>Looking for a local model server…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="224"/>
        <source>Automatic (from the API key or base URL)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="230"/>
        <source>OpenAI Responses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="233"/>
        <source>Chat Completions (OpenAI, Ollama, llama.cpp, vLLM)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="236"/>
        <source>Anthropic Messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="250"/>
        <source>None stored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="254"/>
        <source>Show the key while editing it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="285"/>
        <source>Sandbox for new runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="289"/>
        <source>Podman container</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="290"/>
        <source>libvirt virtual machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="291"/>
        <source>Host (no isolation)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="296"/>
        <source>Commands run directly on this computer, with no isolation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="297"/>
        <source>The host sandbox runs every command as you, on your files, with your network. Use it only for goals you would run yourself.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="302"/>
        <source>Terrarium&apos;s own Debian image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="334"/>
        <location filename="../ui/SettingsDialog.cpp" line="344"/>
        <source> MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="306"/>
        <source>None: no network at all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="307"/>
        <source>Outbound: may reach the internet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="320"/>
        <source>Default &amp;sandbox:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="322"/>
        <source>&amp;Image:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="348"/>
        <source>&amp;CPUs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="349"/>
        <source>Memo&amp;ry:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="323"/>
        <source>&amp;Network:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="668"/>
        <source>API keys are kept in the desktop keyring, never in the settings file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="692"/>
        <source>Found %1; both roles now use its model %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="702"/>
        <location filename="../ui/SettingsDialog.cpp" line="708"/>
        <source>%1 or %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="707"/>
        <location filename="../ui/SettingsDialog.cpp" line="714"/>
        <source>Required for this server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="120"/>
        <source>Models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="121"/>
        <source>Sandbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="122"/>
        <source>Approval and limits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="123"/>
        <location filename="../ui/SettingsDialog.cpp" line="366"/>
        <source>Remote control</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="309"/>
        <source>Containers work on a cop&amp;y of the workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="311"/>
        <source>The files are copied into the container; when the run ends you review what it changed and apply what you accept. Virtual machines always work on a copy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="327"/>
        <source>Resources of each sandbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="340"/>
        <source>How many processes and threads may run in the sandbox at once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="347"/>
        <source>How much the sandbox&apos;s own disk may grow; the workspace does not count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="350"/>
        <source>Ma&amp;ximum processes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="351"/>
        <source>Disk si&amp;ze:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="369"/>
        <source>Let programs on this computer watch and drive runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="371"/>
        <source>A WebSocket on 127.0.0.1 and ::1 only, for clients that know the token; web pages are refused. See docs/CONTROL_API.md.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="377"/>
        <source>Port &amp;for clients:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="387"/>
        <source>Control token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="389"/>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="390"/>
        <source>Copy the token for a client to send as “Authorization: Bearer …”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="396"/>
        <source>Re&amp;quired token:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="399"/>
        <source>Clients connect to ws://127.0.0.1 on this port (or ::1) and send the token first. Scripts can also run terrarium --headless --serve. The protocol is in docs/CONTROL_API.md.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="410"/>
        <source>Copied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="424"/>
        <source>Approval of commands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="427"/>
        <source>Ask before running risky commands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="429"/>
        <source>Run only what the safety rules pass; deny the rest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="431"/>
        <source>Run every command without asking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="434"/>
        <source>Risky commands run without asking.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="435"/>
        <source>Commands the safety rules flag (deleting files, changing permissions, fetching and running scripts, …) run at once. Use it only with a sandbox you can throw away.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="439"/>
        <source>Appro&amp;val:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="451"/>
        <source>Commands approved with Always</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="457"/>
        <source>None yet: commands you approve with “Always” appear here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="459"/>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="460"/>
        <source>Ask again before running the selected commands (Delete)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="465"/>
        <source>Always allowed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="467"/>
        <source>Commands you approved with “Always”: they run without asking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="471"/>
        <source>Limits of each run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="475"/>
        <source>Commands run in total, across re-plans</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="478"/>
        <source>None: stop at the first failed step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="483"/>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="485"/>
        <source>A step still running after this long is stopped and fails</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="492"/>
        <source>M&amp;aximum steps:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="493"/>
        <source>Re-plans before givin&amp;g up:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="494"/>
        <source>Step &amp;timeout:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="615"/>
        <source>a copy of the workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="616"/>
        <source>the workspace folder itself</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="627"/>
        <source>1 setting here is overridden by the environment, the command line or a task file; its field says which.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/SettingsDialog.cpp" line="629"/>
        <source>%n settings here are overridden by the environment, the command line or a task file; their fields say which.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="636"/>
        <source>Saved to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="758"/>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SettingsDialog.cpp" line="758"/>
        <source>keyring</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::SetupProgressRow</name>
    <message>
        <location filename="../ui/SetupProgressRow.cpp" line="36"/>
        <source>Starting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SetupProgressRow.cpp" line="38"/>
        <source>Run setup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SetupProgressRow.cpp" line="47"/>
        <source>Finding the models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SetupProgressRow.cpp" line="49"/>
        <source>Checking the sandbox host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SetupProgressRow.cpp" line="51"/>
        <source>Preparing the sandbox image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SetupProgressRow.cpp" line="53"/>
        <source>Starting the sandbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SetupProgressRow.cpp" line="55"/>
        <source>Copying the workspace into the sandbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SetupProgressRow.cpp" line="56"/>
        <source>Getting ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SetupProgressRow.cpp" line="64"/>
        <source>%1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SetupProgressRow.cpp" line="68"/>
        <source>%1: %2 percent, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SetupProgressRow.cpp" line="83"/>
        <source>Sandbox and models ready in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SetupProgressRow.cpp" line="84"/>
        <source>Setup stopped after %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::SourcedField</name>
    <message>
        <location filename="../ui/SourcedField.cpp" line="39"/>
        <location filename="../ui/SourcedField.cpp" line="86"/>
        <source>default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="39"/>
        <location filename="../ui/SourcedField.cpp" line="92"/>
        <source>config file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="39"/>
        <location filename="../ui/SourcedField.cpp" line="96"/>
        <source>environment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="40"/>
        <location filename="../ui/SourcedField.cpp" line="104"/>
        <source>command line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="40"/>
        <location filename="../ui/SourcedField.cpp" line="114"/>
        <source>task file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="40"/>
        <source>keyring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="40"/>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="87"/>
        <source>Nothing in the config file, the environment or on the command line sets this: %1 applies.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="89"/>
        <source>Terrarium&apos;s default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="93"/>
        <location filename="../ui/SourcedField.cpp" line="97"/>
        <source>From %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="98"/>
        <source>Overridden: %1 in the environment is used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="99"/>
        <source>Overridden: %1 in the environment sets %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="101"/>
        <source>What you save here applies once %1 is unset.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="105"/>
        <source>From %1, for this session.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="106"/>
        <source>Overridden for this session: %1 on the command line.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="107"/>
        <source>Overridden for this session: %1 on the command line sets %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="111"/>
        <source>What you save here applies from the next start without %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="115"/>
        <source>From %1, for the task file&apos;s runs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="116"/>
        <source>The task file on show sets %1 for its runs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="118"/>
        <source>What you save here applies to runs without a task file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/SourcedField.cpp" line="171"/>
        <location filename="../ui/SourcedField.cpp" line="178"/>
        <location filename="../ui/SourcedField.cpp" line="182"/>
        <source>“%1”</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::StatusBadge</name>
    <message>
        <location filename="../ui/StatusBadge.cpp" line="15"/>
        <source>Run status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StatusBadge.cpp" line="23"/>
        <source>READY</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StatusBadge.cpp" line="27"/>
        <source>PLANNING</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StatusBadge.cpp" line="29"/>
        <source>EXECUTING</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StatusBadge.cpp" line="31"/>
        <source>AWAITING APPROVAL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StatusBadge.cpp" line="33"/>
        <source>AWAITING INPUT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StatusBadge.cpp" line="35"/>
        <source>ERROR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StatusBadge.cpp" line="37"/>
        <source>RE-PLANNING</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StatusBadge.cpp" line="39"/>
        <source>SUCCESS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StatusBadge.cpp" line="41"/>
        <source>FAILED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StatusBadge.cpp" line="43"/>
        <source>CANCELLED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StatusBadge.cpp" line="81"/>
        <source>The run is in state %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StatusBadge.cpp" line="25"/>
        <source>STARTING</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::StepCard</name>
    <message>
        <location filename="../ui/StepCard.cpp" line="249"/>
        <source>Standard output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="252"/>
        <source>Standard error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="276"/>
        <source>Input:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="279"/>
        <source>Input for the command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="280"/>
        <source>Enter sends the line to the command; Ctrl+D closes its input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="283"/>
        <source>Send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="285"/>
        <source>Send the line to the command (Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="287"/>
        <source>Close Input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="290"/>
        <source>Close the command&apos;s input, as Ctrl+D does in a terminal (Ctrl+D)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="366"/>
        <source>No output.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="368"/>
        <source>The command printed nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1037"/>
        <source>exit %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1039"/>
        <source>Exit code %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1041"/>
        <source>The command succeeded (exit code 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1042"/>
        <source>The command failed with exit code %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="536"/>
        <source>Took %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="537"/>
        <source>The command ran for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="563"/>
        <source>Type a line for the command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="565"/>
        <source>The command is waiting for input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="566"/>
        <source>The command is waiting for input: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="698"/>
        <source>Save Full Output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="699"/>
        <source>Log files (*.log *.txt);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="704"/>
        <source>Could Not Save Output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="957"/>
        <source>Saved to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="718"/>
        <source>The step has not printed anything yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="739"/>
        <source>Could not save the standard output to %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="746"/>
        <source>Could not save the standard error to %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="778"/>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="782"/>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="787"/>
        <source>%1 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="787"/>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="792"/>
        <source>%1 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="792"/>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="972"/>
        <source>Expand step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="973"/>
        <source>Collapse step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="974"/>
        <source>Show the command and its output (Space)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="975"/>
        <source>Show only the title (Space)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1048"/>
        <source>Step: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1051"/>
        <source>%1, %2, took %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="173"/>
        <source>undone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="180"/>
        <source>Interleaved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="185"/>
        <source>Show stdout and stderr in one console, in the order they arrived</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="186"/>
        <source>Interleave stdout and stderr</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="192"/>
        <location filename="../ui/StepCard.cpp" line="212"/>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="197"/>
        <source>Copy the command to the clipboard (Ctrl+Shift+C)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="198"/>
        <source>Copy command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="201"/>
        <location filename="../ui/StepCard.cpp" line="217"/>
        <source>Save…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="206"/>
        <source>Save full output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="243"/>
        <source>Copied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="255"/>
        <source>Standard output and error, interleaved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="327"/>
        <source>Undoing the step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="328"/>
        <source>Undo Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="333"/>
        <source>Put the sandbox back as it was before this step, from the snapshot taken then; every later step is undone too.
The snapshot holds the sandbox&apos;s disk, including a VM&apos;s copy of the workspace. A workspace folder mounted from this computer (Podman&apos;s default) is not part of it and stays as it is.
Programs running in a VM end: it starts again from the snapshot.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="359"/>
        <source>Step status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="378"/>
        <source>Workspace warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="427"/>
        <source>Waiting for your approval: answer in the panel below the timeline.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="430"/>
        <source>Denied: the command was not run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="433"/>
        <source>Timed out: the command ran longer than the step timeout and was stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="437"/>
        <source>Cancelled: the run was stopped during this step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="504"/>
        <source>⚠ This step created or changed files that tools run by themselves (git hooks, .envrc, editor tasks, shell start-up files); check them before you use the workspace outside the sandbox: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="509"/>
        <source>⚠ Set-user-ID or set-group-ID bits this step set were removed from: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="512"/>
        <source>⚠ These files have set-user-ID or set-group-ID bits that could not be removed; do not run them outside the sandbox: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="708"/>
        <source>Saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="723"/>
        <source>Could not save the output to %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="909"/>
        <source>Rolling the sandbox back to before this step…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="913"/>
        <source>Undone: the sandbox is as it was before this step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="914"/>
        <source>Undone with step %1: the sandbox is as it was before that step, which ran before this one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="918"/>
        <source>Could not undo the step: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="949"/>
        <source>Save everything the command printed, stdout and stderr interleaved as they arrived, to a file (Ctrl+Shift+S)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="951"/>
        <source>Save everything the command printed, not only what is shown: stdout and stderr to a file each (Ctrl+Shift+S)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1001"/>
        <source>denied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1003"/>
        <source>Denied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1004"/>
        <source>The command was not allowed to run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1008"/>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1010"/>
        <source>Cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1011"/>
        <source>The run was stopped while the command ran</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1015"/>
        <source>timed out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1017"/>
        <source>Timed out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1019"/>
        <source>The command ran past the step timeout and was stopped (exit code %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1054"/>
        <source>%1, undone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1056"/>
        <source>%1. %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1068"/>
        <source>(hidden input)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepCard.cpp" line="1080"/>
        <location filename="../ui/StepCard.cpp" line="1081"/>
        <source>^D (end of input)</source>
        <translation type="unfinished"></translation>
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
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepStateIndicator.cpp" line="39"/>
        <source>Running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepStateIndicator.cpp" line="41"/>
        <source>Done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepStateIndicator.cpp" line="43"/>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepStateIndicator.cpp" line="51"/>
        <source>Skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepStateIndicator.cpp" line="37"/>
        <source>Waiting for your approval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepStateIndicator.cpp" line="45"/>
        <source>Denied: the command was not run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepStateIndicator.cpp" line="47"/>
        <source>Timed out: the command was stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepStateIndicator.cpp" line="49"/>
        <source>Cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/StepStateIndicator.cpp" line="53"/>
        <source>Undone: the sandbox was rolled back to before this step</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::TaskFilePanel</name>
    <message>
        <location filename="../ui/TaskFilePanel.cpp" line="18"/>
        <source>Sandbox:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TaskFilePanel.cpp" line="20"/>
        <source>Network:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TaskFilePanel.cpp" line="22"/>
        <source>Image:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TaskFilePanel.cpp" line="24"/>
        <source>Environment:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TaskFilePanel.cpp" line="26"/>
        <source>Limits:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TaskFilePanel.cpp" line="33"/>
        <source>Allow this task to run commands directly on this computer, as me, with no isolation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TaskFilePanel.cpp" line="35"/>
        <source>Allow the sandbox to reach the network</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TaskFilePanel.cpp" line="48"/>
        <source>Task file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TaskFilePanel.cpp" line="61"/>
        <source>Don&apos;t Use</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TaskFilePanel.cpp" line="62"/>
        <source>Forget the task file&apos;s settings; the goal stays</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TaskFilePanel.cpp" line="63"/>
        <source>Don&apos;t use the task file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TaskFilePanel.cpp" line="87"/>
        <source>Task file %1 — press Run to start it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TaskFilePanel.cpp" line="90"/>
        <source>Only a goal; the usual settings apply.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::TerminalArea</name>
    <message>
        <location filename="../ui/TerminalArea.cpp" line="23"/>
        <source>No terminal is open. Use “Open terminal” on a running sandbox to start one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TerminalArea.cpp" line="271"/>
        <source>%1 (+%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TerminalArea.cpp" line="43"/>
        <source>&amp;New Terminal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TerminalArea.cpp" line="44"/>
        <source>Split &amp;Right</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TerminalArea.cpp" line="45"/>
        <source>Split &amp;Down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TerminalArea.cpp" line="46"/>
        <source>C&amp;lose Terminal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TerminalArea.cpp" line="47"/>
        <source>Ne&amp;xt Terminal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TerminalArea.cpp" line="48"/>
        <source>Pre&amp;vious Terminal</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::TerminalPane</name>
    <message>
        <location filename="../ui/TerminalPane.cpp" line="23"/>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TerminalPane.cpp" line="60"/>
        <source>[Process exited with code %1]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TerminalPane.cpp" line="60"/>
        <source>Restart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TerminalPane.cpp" line="115"/>
        <source>The sandbox is gone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TerminalPane.cpp" line="115"/>
        <source>Reconnect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TerminalPane.cpp" line="104"/>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::TerminalSearchBar</name>
    <message>
        <location filename="../ui/TerminalSearchBar.cpp" line="18"/>
        <source>Match case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TerminalSearchBar.cpp" line="26"/>
        <source>Find in terminal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TerminalSearchBar.cpp" line="31"/>
        <source>Next match below (Shift+Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TerminalSearchBar.cpp" line="33"/>
        <source>Next match above (Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TerminalSearchBar.cpp" line="35"/>
        <source>Close the find bar (Escape)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TerminalSearchBar.cpp" line="79"/>
        <source>No matches</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::TerminalView</name>
    <message>
        <location filename="../ui/TerminalView.cpp" line="1699"/>
        <source>&amp;Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TerminalView.cpp" line="1702"/>
        <source>&amp;Paste</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TerminalView.cpp" line="1705"/>
        <source>Select &amp;All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TerminalView.cpp" line="1707"/>
        <source>&amp;Find…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TerminalView.cpp" line="1715"/>
        <source>Zoom &amp;In</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TerminalView.cpp" line="1717"/>
        <source>Zoom &amp;Out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TerminalView.cpp" line="1719"/>
        <source>&amp;Reset Zoom</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::TimelineNote</name>
    <message>
        <location filename="../ui/TimelineNote.cpp" line="48"/>
        <source>Failure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TimelineNote.cpp" line="50"/>
        <source>Denied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TimelineNote.cpp" line="52"/>
        <source>Re-planning</source>
        <translation>Neuplanung</translation>
    </message>
    <message>
        <location filename="../ui/TimelineNote.cpp" line="54"/>
        <source>New plan</source>
        <translation>Neuer Plan</translation>
    </message>
    <message>
        <location filename="../ui/TimelineNote.cpp" line="56"/>
        <source>Undone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TimelineNote.cpp" line="58"/>
        <source>Model retry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TimelineNote.cpp" line="60"/>
        <source>Run succeeded</source>
        <translation>Lauf erfolgreich</translation>
    </message>
    <message>
        <location filename="../ui/TimelineNote.cpp" line="62"/>
        <source>Run cancelled</source>
        <translation>Lauf abgebrochen</translation>
    </message>
    <message>
        <location filename="../ui/TimelineNote.cpp" line="64"/>
        <source>Note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TimelineNote.cpp" line="66"/>
        <source>Run failed</source>
        <translation>Lauf fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../ui/TimelineNote.cpp" line="93"/>
        <location filename="../ui/TimelineNote.cpp" line="205"/>
        <source>Show details</source>
        <translation>Details anzeigen</translation>
    </message>
    <message>
        <location filename="../ui/TimelineNote.cpp" line="94"/>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <location filename="../ui/TimelineNote.cpp" line="205"/>
        <source>Hide details</source>
        <translation>Details ausblenden</translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::WorkspaceChangeDelegate</name>
    <message>
        <location filename="../ui/WorkspaceChangeDelegate.cpp" line="46"/>
        <source>added</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeDelegate.cpp" line="48"/>
        <source>deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeDelegate.cpp" line="52"/>
        <source>changed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::WorkspaceChangeModel</name>
    <message>
        <location filename="../ui/WorkspaceChangeModel.cpp" line="37"/>
        <source>file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeModel.cpp" line="39"/>
        <source>folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeModel.cpp" line="41"/>
        <source>link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeModel.cpp" line="45"/>
        <source>special file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeModel.cpp" line="194"/>
        <source>%1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeModel.cpp" line="202"/>
        <source>The name holds invisible or control characters, shown as escapes such as \u202e.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeModel.cpp" line="216"/>
        <source>Hidden characters in its name · %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeModel.cpp" line="297"/>
        <source>Changed on the host too; the host&apos;s version will be overwritten</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeModel.cpp" line="298"/>
        <source>Changed on the host too</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeModel.cpp" line="305"/>
        <source>Permissions %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeModel.cpp" line="309"/>
        <source>Was a %1, now a %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeModel.cpp" line="319"/>
        <source>Link removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeModel.cpp" line="320"/>
        <source>Link to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeModel.cpp" line="323"/>
        <source>New folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeModel.cpp" line="323"/>
        <source>Folder removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeModel.cpp" line="327"/>
        <source>File removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeModel.cpp" line="329"/>
        <source>New file, %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/WorkspaceChangeModel.cpp" line="330"/>
        <source>Contents changed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
