<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>App::Tr</name>
    <message>
        <source>terrarium: %1
Try &apos;terrarium --help&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Core::Tr</name>
    <message>
        <source>The agent has not answered yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The agent rejected %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sandbox&apos;s agent does not support %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The agent failed %1 (error %2): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its output ended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no connection to it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the connection to it was closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the connection to it was destroyed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it could not be started: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its channel was shut down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The request %1 is larger than the agent accepts (%2 bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the connection to it failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A negative read limit was given for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is larger than %2 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it sent a line longer than %1 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The agent&apos;s answer to %1 holds invalid base64</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the connection to it ended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it was killed by signal %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it exited with code %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the sandbox&apos;s agent went away: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No command given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not start %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sandbox is not running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is outside the workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a regular file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The workspace %1 is not accessible: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confined file access needs Linux 5.6 or newer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The host sandbox cannot take snapshots; use a Podman or libvirt sandbox to be able to roll back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The host sandbox cannot roll back: it has no snapshots. Use a Podman or libvirt sandbox for that</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No workspace directory is set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The workspace %1 does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The workspace %1 is not a directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The working directory %1 does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid file path &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is outside the workspace %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid read limit %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is larger than the %2 bytes allowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not name a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The terminal session was already started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No program given for the terminal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not start %1: not found on the PATH</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not open a pseudo terminal: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not enter %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking Podman</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choosing a container runtime</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Podman is ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the podman command has not finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>podman crashed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exit code %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>podman did not answer within %1 s: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the image build has not finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot look for the image %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The image build script %1 is missing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Building the sandbox image %1 from Debian packages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Building the sandbox image failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Importing the root filesystem into Podman</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Importing the sandbox image failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sandbox image %1 is ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the image build was cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the Podman preflight has not finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Podman is not installed, so Terrarium cannot create container sandboxes. Install it (on Debian or Ubuntu: sudo apt install podman runc uidmap slirp4netns) or choose another sandbox.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rootless Podman needs subordinate user and group ids, and %1 has no range for %2. Add one with: sudo usermod --add-subuids 100000-165535 --add-subgids 100000-165535 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rootless Podman needs %1, which is missing. Install it (Debian/Ubuntu: sudo apt install uidmap).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sandboxes cannot have network access on this machine: rootless networking needs /dev/net/tun, which this user cannot open (%1). Most systems make it usable by everyone: sudo chmod 0666 /dev/net/tun</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Podman cannot use overlay storage here (%1); the slower vfs driver is used instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Podman does not work for this user: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>podman info gave an answer Terrarium cannot read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This host cannot limit memory, CPU and process counts of rootless containers through cgroups (cgroup v%1, controllers: %2). Terrarium limits each process instead (address space and process count via rlimits); CPU use is not limited.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none delegated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>chooseRuntime() needs a successful check() first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No OCI runtime for Podman is installed. Install crun or runc (Debian/Ubuntu: sudo apt install runc).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No OCI runtime can start a container on this host: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The agent in container %1 did not answer within %2 s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sandbox %1 is in use by another Terrarium (process %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sandbox agent %1 is missing; build Terrarium again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot start the container %1 again: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The workspace folder %1 does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Podman could not create the sandbox from %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The agent in %1 did not describe the sandbox: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sandbox %1 stopped answering: %2 (did the container stop or run out of memory?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sandbox %1 is not running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sandbox did not come back from the snapshot.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The operation has not finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no Terrarium sandbox named %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sandbox %1 is in use by a running Terrarium; stop that run first.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::Core::Tr</name>
    <message>
        <source>No command given</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::ApprovalPanel</name>
    <message>
        <source>Run &amp;once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allow for this &amp;session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Always allow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Deny</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approval needed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command waiting for approval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run this command now; ask again next time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run it, and the same command again without asking until Terrarium quits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run it, and never ask about this exact command again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Do not run it; the planner looks for another way</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1 wants to run a command with %2 risk. Run it?</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::CommandBlock</name>
    <message>
        <source>Command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the command to the clipboard (Ctrl+Shift+C)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copied</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::ConsoleView</name>
    <message numerus="yes">
        <source>… %Ln lines above are in the saved output</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select &amp;All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save Full Output…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;lear View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Empties this view; the saved output keeps everything</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>standard-output.txt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>standard-error.txt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save Full Output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Text files (*.txt *.log);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::MainWindow</name>
    <message>
        <source>Terrarium</source>
        <translation>Terrarium</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Ausführen</translation>
    </message>
    <message>
        <source>&amp;Goal:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Describe what the agent should do, e.g. &quot;run the test suite and fix what fails&quot;. Ctrl+Enter runs it; you can also drop a .md, .txt or .yaml task file here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Goal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Sandbox:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Podman container</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>libvirt virtual machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host (no isolation)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sandbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start the run (Ctrl+Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the run and everything it started (Ctrl+.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workspace:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workspace folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Change…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The host folder the sandbox sees as /workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Commands will run directly on this computer, as you, with no isolation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open Task File…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose &amp;Workspace…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Run Goal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Focus &amp;Goal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Focus &amp;Plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Collapse All Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Expand All Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About Terrarium</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Terrarium</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Terrarium %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Plans a goal with a language model, runs each step as a command inside a sandbox, and shows it all live.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type a goal first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Task File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task files (*.yaml *.yml *.md *.markdown *.txt);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the Workspace Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the Run?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A run is in progress. Stop it and close Terrarium?</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::PlanStepDelegate</name>
    <message>
        <source>exit %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::PlanView</name>
    <message>
        <source>&amp;Plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan revision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Earlier revisions of the plan stay here after re-planning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan checklist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Revision %1 (current)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Revision %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::RunTimeline</name>
    <message>
        <source>Run timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps appear here as they run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-planning from the failure (attempt %1)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New plan: revision %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::SettingsDialog</name>
    <message>
        <source>Planner: writes and revises the plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Protocol:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Base URL:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API &amp;key:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;how</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Executor: turns each step into a command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pr&amp;otocol:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base &amp;URL:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mo&amp;del:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API k&amp;ey:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sho&amp;w</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Terrarium Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detect &amp;local server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Look for Ollama (localhost:11434) or llama.cpp&apos;s server (localhost:8080) and use it for both roles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the settings (Ctrl+Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looking for a local model server…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Automatic (from the API key or base URL)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OpenAI Responses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chat Completions (OpenAI, Ollama, llama.cpp, vLLM)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Anthropic Messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None stored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the key while editing it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sandbox for new runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Podman container</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>libvirt virtual machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host (no isolation)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Commands run directly on this computer, with no isolation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The host sandbox runs every command as you, on your files, with your network. Use it only for goals you would run yourself.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Terrarium&apos;s own Debian image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None: no network at all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outbound: may reach the internet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default &amp;sandbox:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Image:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;CPUs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memo&amp;ry:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Network:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API keys are kept in the desktop keyring, never in the settings file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Found %1; both roles now use its model %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 or %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Required for this server</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::StatusBadge</name>
    <message>
        <source>Run status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>READY</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PLANNING</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EXECUTING</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AWAITING APPROVAL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AWAITING INPUT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ERROR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RE-PLANNING</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SUCCESS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FAILED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CANCELLED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run is in state %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::StepCard</name>
    <message>
        <source>Standard output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Standard error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input for the command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter sends the line to the command; Ctrl+D closes its input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send the line to the command (Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close Input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close the command&apos;s input, as Ctrl+D does in a terminal (Ctrl+D)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save Full Output…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save everything the command printed, not only what is shown (Ctrl+Shift+S)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No output.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The command printed nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exit %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exit code %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The command succeeded (exit code 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The command failed with exit code %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Took %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The command ran for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type a line for the command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The command is waiting for input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The command is waiting for input: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save Full Output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log files (*.log *.txt);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could Not Save Output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The step has not printed anything yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not save the standard output to %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not save the standard error to %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expand step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collapse step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the command and its output (Space)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show only the title (Space)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2, took %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::StepStateIndicator</name>
    <message>
        <source>Pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::TerminalArea</name>
    <message>
        <source>No terminal is open. Use “Open terminal” on a running sandbox to start one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New Terminal Tab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Split Left/Right</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Split Top/Bottom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close Terminal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next Terminal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous Terminal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (+%2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::TerminalPane</name>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[Process exited with code %1]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sandbox is gone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reconnect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::TerminalSearchBar</name>
    <message>
        <source>Match case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find in terminal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next match below (Shift+Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next match above (Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close the find bar (Escape)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No matches</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Terrarium::Widgets::TerminalView</name>
    <message>
        <source>&amp;Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Paste</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select &amp;All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Find…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reset Zoom</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Tr</name>
    <message>
        <source>Terrarium plans a goal with a language model, turns each step into a shell command and runs it inside a sandbox, re-planning when a step fails.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show this help and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the version and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run without a window: events go to stdout as JSON lines, a log to stderr.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The goal to reach.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where commands run: podman (default), libvirt or host (no isolation).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host folder shared with the sandbox as its workspace (default: the current folder).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dir</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LLM wire protocol: responses, chat or anthropic.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base URL of the LLM API, e.g. http://localhost:11434/v1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>url</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model that writes the plan.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model that turns steps into commands.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Risky commands: ask (default), safe (deny them without asking) or all (run everything).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Most commands one run may execute (default 30).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>n</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Most re-plans one run may make (default 5).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds one command may run (default 600).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sandbox image (default: Terrarium&apos;s Debian image, built locally when missing).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sandbox network: none (default) or outbound.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use the sandbox with this name, attaching to it if it exists (see --list-sandboxes).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leave the sandbox running after a headless run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Build the sandbox image if it is missing, and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Build the sandbox image again, and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List Terrarium&apos;s sandboxes and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove a sandbox nobody uses and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Configuration file to use instead of ~/.config/terrarium/terrarium.conf.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The goal, as an alternative to --goal.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[goal...]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the goal either with --goal or as arguments, not both.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--headless needs a goal: --goal &quot;...&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No terminal to ask for approval, so the command is denied. Use --approve safe or --approve all to decide without asking.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>
Step %1 wants to run a risky command (%2 risk):
  $ %3
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allow it? [o]nce, this [s]ession, [a]lways, [d]eny: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Please answer o, s, a or d: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No terminal to type input on, so the command&apos;s input is closed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type a line for the command (Ctrl+D closes its input): </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interrupted again; exiting without waiting.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interrupted; cancelling (press Ctrl+C again to exit at once)...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan (revision %1):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1: %2
  $ %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  done in %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  exit code %1 after %2 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error in step %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-planning (attempt %1)...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1 needs approval (%2 risk): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1 is waiting for input: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run succeeded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The workspace folder %1 does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No API key configured; looking for a local Ollama or llama.cpp server...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(Looked for local servers: %1.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Using %1 with model %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WARNING: the host sandbox runs every command directly on this machine, as you, with no isolation, in %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The libvirt sandbox is not available in this build of Terrarium; use the Podman sandbox.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attaching to the existing sandbox %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sandbox could not start: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Planner: %1 (%2), executor: %3 (%4), sandbox: %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sandbox %1 keeps running; attach to it with --sandbox-name %1, remove it with --remove-sandbox %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sandbox image %1 is ready.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No Terrarium sandboxes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NAME</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>STATE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IN USE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NETWORK</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WORKSPACE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no Terrarium sandbox named %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removed %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A run is in progress; stop it first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preparing the sandbox…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run succeeded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the command is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the command spans several lines; it must be one line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the command contains a NUL character</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the command is longer than %1 characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it did not call the emit_bash tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the emit_bash arguments are not a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the emit_bash call has no &quot;command&quot; string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The executor model (%1) did not return a usable command twice: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n minute(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n second(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled by the user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The user denied the command.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Planning failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run reached its limit of %1 steps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The safety policy does not allow this command: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not get a command for the step &quot;%1&quot;: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sandbox failed while running &quot;%1&quot;: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The command timed out after %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The command was killed by signal %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The command exited with code %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The step &quot;%1&quot; failed and the limit of %2 re-plans is reached: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The step &quot;%1&quot; failed and the run reached its limit of %2 steps: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the answer was empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no list of steps was found in it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The planner model (%1) did not return a usable plan twice: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>planner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>executor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown provider &quot;%1&quot; (from %2): use responses, chat or anthropic.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; (from %2) is not an http or https URL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model is set for the %1 at %2: pass --%3-model or set TERRARIUM_%4_MODEL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a positive whole number, not &quot;%2&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown sandbox &quot;%1&quot; (from %2): use podman, libvirt or host.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown network policy &quot;%1&quot; (from %2): use none or outbound.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown approval policy &quot;%1&quot; (from %2): use ask, safe or all.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No language model is configured. Do one of these:
  - set OPENAI_API_KEY (OpenAI, Responses API) or ANTHROPIC_API_KEY (Anthropic);
  - point Terrarium at an OpenAI-compatible server: --base-url URL --planner-model M --executor-model M (or TERRARIUM_BASE_URL, TERRARIUM_MODEL, TERRARIUM_API_KEY);
  - start a local server Terrarium finds by itself: Ollama on localhost:11434 (ollama serve, with a model pulled) or llama.cpp&apos;s llama-server on localhost:8080.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No desktop keyring (Secret Service) is running; set OPENAI_API_KEY/ANTHROPIC_API_KEY (or TERRARIUM_API_KEY for other servers) in the environment instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The desktop keyring refused access to the %1 API key (is it locked?): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read the %1 API key from the desktop keyring: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not store the %1 API key in the desktop keyring: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not remove the %1 API key from the desktop keyring: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ollama at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>llama.cpp server at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>detection has not finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no local server to look for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing answered at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ollama runs at %1 but has no model; pull one with &quot;ollama pull MODEL&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no settings file to save to.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write the settings to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, line %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file holds a NUL byte; it is not a text file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file is not UTF-8 text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a mapping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a key must be a plain name, not %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown key &quot;%1&quot; (expected %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is set twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be text, not %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be one of %2, not &quot;%3&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>quoted text &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a whole number greater than 0, not %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;limits&quot; must be a mapping of names to numbers, not %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;env&quot; must be a mapping of variable names to values, not %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a valid environment variable name (letters, digits and _, not starting with a digit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>env &quot;%1&quot; is set twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>env &quot;%1&quot; has no value; write %1: &quot;&quot; for an empty one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>env &quot;%1&quot; must be text, a number or true/false, not %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file holds more than one YAML document</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file is empty; a task file needs at least a goal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a task file must be a mapping of keys (goal, sandbox, ...), not %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no &quot;goal&quot;; a task file needs one, e.g. goal: &quot;run the tests&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, line %2, column %3: %4 (not valid YAML)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot be read as YAML: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the front matter that starts here is never closed by a &quot;---&quot; line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: a task file is a .yaml, .yml, .md, .markdown or .txt file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is %2 KiB; task files are limited to %3 KiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the goal is set both in the front matter and by the text below it; keep one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file holds no goal; write what the agent should do</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a folder, not a task file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is larger than %2 KiB, the limit for task files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The planner&apos;s base URL &quot;%1&quot; is not an http:// or https:// URL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The executor&apos;s base URL &quot;%1&quot; is not an http:// or https:// URL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown sandbox &quot;%1&quot;: use podman, libvirt or host.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown network policy &quot;%1&quot;: use none or outbound.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sandbox needs at least one CPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sandbox needs some memory (MiB greater than 0).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The request to %1 for model &quot;%2&quot; was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No network access for %1 (model &quot;%2&quot;).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The network access for %1 (model &quot;%2&quot;) was shut down.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 sent an event larger than %2 MiB for model &quot;%3&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 sent nothing for %2 s on the request for model &quot;%3&quot;; the stream stalled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (gave up after %2 attempts)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 did not accept the API key for model &quot;%2&quot; (HTTP %3): &quot;%4&quot;. Check the key configured for this endpoint.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 denied access to model &quot;%2&quot; (HTTP %3): &quot;%4&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no model &quot;%2&quot; or no endpoint %3 (HTTP %4): &quot;%5&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 timed out the request for model &quot;%2&quot; (HTTP %3): &quot;%4&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 quota is exhausted for model &quot;%2&quot; (HTTP %3): &quot;%4&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is rate-limiting requests for model &quot;%2&quot; (HTTP %3): &quot;%4&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 had a server error for model &quot;%2&quot; (HTTP %3): &quot;%4&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 rejected the request for model &quot;%2&quot; (HTTP %3): &quot;%4&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 answered HTTP %2 for model &quot;%3&quot;: &quot;%4&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ended the stream for model &quot;%2&quot; before the response was complete.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not reach %1 at %2 for model &quot;%3&quot;: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 sent a stream for model &quot;%2&quot; that could not be read: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 reported an error for model &quot;%2&quot; during the stream: &quot;%3&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 answered the request for model &quot;%2&quot; with plain JSON instead of an event stream; the server does not support streaming here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the response failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the stream carried an event that is not a JSON object (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The full output could not be kept on disk (%1); only what the console shows is left.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the saved output %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deletes the root file system (rm /)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deletes or replaces the whole home directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deletes a system directory such as /etc, /usr or /var</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deletes or moves files inside a system directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deletes files recursively (rm -r)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overwrites files so they cannot be recovered (shred)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wipes a disk or its file system signatures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changes a disk&apos;s partition table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Formats a file system (mkfs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writes raw data to a disk device with dd</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writes directly to a disk device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writes to system files (/etc, /boot, /usr, ...)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Makes files writable by every user (chmod 777 / o+w)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sets the setuid or setgid bit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recursively changes permissions or owners of / or a system directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gives files to root (chown root)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changes owners recursively (chown -R)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stops, disables or masks a system service</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shuts down or reboots the system</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kills every process, or init</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fork bomb: starts processes until the system runs out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs code downloaded from the network (curl | sh)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs encoded or obfuscated code (base64 -d | sh)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deletes whatever find matches (find -delete / -exec rm)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deletes files named on standard input (xargs rm)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drops a database, schema or table (SQL DROP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Empties a table (SQL TRUNCATE)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deletes every row of a table (SQL DELETE without WHERE)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overwrites the remote&apos;s history (git push --force)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throws away uncommitted changes (git reset --hard)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deletes untracked files (git clean -f)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nests or expands too deeply to be checked completely</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
