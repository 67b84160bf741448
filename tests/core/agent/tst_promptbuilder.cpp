#include "core/agent/PromptBuilder.h"

#include <QJsonArray>
#include <QTest>

using namespace Terrarium::Core;

class tst_PromptBuilder : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void firstPlanNamesGoalFactsAndLimit();
    void rePlanCarriesTheFailureAndLast4KiB();
    void executorSeesStepPlanAndRecentCommands();
    void readOutputShowsWhatTheStepPrinted();
    void promptsStartWithWhatStaysTheSame();
    void outputTailsStartWithAWholeLine();
    void schemasAreStrict();
    void unknownSandboxFactsAreLeftOut();

private:
    static SandboxFacts facts();
};

SandboxFacts tst_PromptBuilder::facts()
{
    SandboxFacts facts;
    facts.kind = QStringLiteral("podman");
    facts.os = QStringLiteral("Debian GNU/Linux 12 (bookworm)");
    facts.arch = QStringLiteral("x86_64");
    facts.shell = QStringLiteral("/bin/bash");
    facts.workingDirectory = QStringLiteral("/workspace");
    facts.user = QStringLiteral("agent");
    facts.tools = {QStringLiteral("python3"), QStringLiteral("git")};
    return facts;
}

void tst_PromptBuilder::firstPlanNamesGoalFactsAndLimit()
{
    PlanRequest request;
    request.goal = QStringLiteral("run the tests");
    request.facts = facts();
    request.maxSteps = 12;
    const QString prompt = PromptBuilder::plannerUserPrompt(request);
    QVERIFY(prompt.contains(QLatin1String("run the tests")));
    QVERIFY(prompt.contains(
        QLatin1String("Sandbox: podman, Debian GNU/Linux 12 (bookworm), x86_64, /bin/bash, user "
                      "agent\nWorking directory: /workspace\nTools: python3, git")));
    QVERIFY(prompt.contains(QLatin1String("at most 12 steps")));
    QVERIFY(!prompt.contains(QLatin1String("failed")));
    QVERIFY(PromptBuilder::plannerSystemPrompt().contains(QLatin1String("{\"plan\"")));
}

void tst_PromptBuilder::rePlanCarriesTheFailureAndLast4KiB()
{
    StepRecord done;
    done.title = QStringLiteral("Create a virtualenv");
    done.command = QStringLiteral("python3 -m venv .venv");
    done.exitCode = 0;
    StepRecord failed;
    failed.title = QStringLiteral("Run the tests");
    failed.command = QStringLiteral("python3 -m pytest");
    failed.exitCode = 1;
    // 6 KiB of stdout: only the last 4 KiB may reach the planner.
    failed.stdoutTail = QByteArray(2048, 'A') + QByteArray(4095, 'B') + "\n";
    failed.stderrTail = "/usr/bin/python3: No module named pytest\n";

    PlanRequest request;
    request.goal = QStringLiteral("run the tests");
    request.facts = facts();
    request.finished = {done};
    request.failure = failed;
    const QString prompt = PromptBuilder::plannerUserPrompt(request);
    QVERIFY(prompt.contains(QLatin1String("python3 -m venv .venv (exit code 0)")));
    QVERIFY(prompt.contains(QLatin1String("python3 -m pytest")));
    QVERIFY(prompt.contains(QLatin1String("exit code 1")));
    QVERIFY(prompt.contains(QLatin1String("No module named pytest")));
    QVERIFY(prompt.contains(QString(4095, u'B')));
    QVERIFY(!prompt.contains(u'A'));
    QVERIFY(prompt.contains(QLatin1String("starting with the step that fixes this failure")));
}

void tst_PromptBuilder::executorSeesStepPlanAndRecentCommands()
{
    StepRecord earlier;
    earlier.stepId = 11;
    earlier.command = QStringLiteral("ls");
    earlier.exitCode = 0;
    earlier.stdoutTail = "setup.py\n";
    TranslationRequest request;
    request.goal = QStringLiteral("install the package");
    request.facts = facts();
    request.plan = {QStringLiteral("List files"), QStringLiteral("Read the config"),
                    QStringLiteral("Check pip"), QStringLiteral("Install it")};
    request.planStepIds = {11, 12, 13, 14};
    request.step = QStringLiteral("Install it");
    request.history = {earlier};
    const QString prompt = PromptBuilder::executorUserPrompt(request);
    // Numbered by step id, as the user sees the steps and as read_output takes them.
    QVERIFY(prompt.contains(QLatin1String("11. List files\n12. Read the config")));
    QVERIFY(prompt.contains(QLatin1String("Step to run now:\nInstall it")));
    QVERIFY(prompt.contains(QLatin1String("\n11. $ ls (exit code 0)")));
    QVERIFY(PromptBuilder::executorSystemPrompt().contains(QLatin1String("emit_bash")));
    QVERIFY(PromptBuilder::executorSystemPrompt().contains(QLatin1String("read_output")));

    // Of the recent steps, every command and exit code, and no output at all: a request sent
    // while the step before runs is the same as one sent after it.
    StepRecord older;
    older.stepId = 12;
    older.command = QStringLiteral("cat setup.cfg");
    older.exitCode = 0;
    older.stdoutTail = "name = older-output\n";
    older.stderrTail = "warning: older-error\n";
    StepRecord last;
    last.stepId = 13;
    last.command = QStringLiteral("python3 -m pip --version");
    last.exitCode = 1;
    last.stdoutTail = "last-output\n";
    last.stderrTail = "last-error\n";
    request.history = {earlier, older, last};
    const QString recent = PromptBuilder::executorUserPrompt(request);
    QVERIFY(recent.contains(QLatin1String("\n11. $ ls (exit code 0)")));
    QVERIFY(recent.contains(QLatin1String("\n12. $ cat setup.cfg (exit code 0)")));
    QVERIFY(recent.contains(QLatin1String("\n13. $ python3 -m pip --version (exit code 1)")));
    for (const char *output :
         {"setup.py", "older-output", "older-error", "last-output", "last-error"})
        QVERIFY2(!recent.contains(QLatin1String(output)), output);
    StepRecord silent = last;
    silent.stdoutTail.clear();
    silent.stderrTail.clear();
    request.history = {earlier, older, silent};
    QCOMPARE(PromptBuilder::executorUserPrompt(request), recent);
    // A revised plan keeps the steps that ran and drops those that had not: the numbers stay.
    request.plan = {QStringLiteral("List files"), QStringLiteral("Read the config"),
                    QStringLiteral("Create the config"), QStringLiteral("Install it")};
    request.planStepIds = {11, 12, 15, 16};
    request.history = {earlier, older};
    const QString revised = PromptBuilder::executorUserPrompt(request);
    QVERIFY(revised.contains(QLatin1String("12. Read the config\n15. Create the config\n16. ")));
    QVERIFY(revised.contains(QLatin1String("\n12. $ cat setup.cfg (exit code 0)")));
    // The step itself is told as before, last.
    QVERIFY(recent.endsWith(QLatin1String("Step to run now:\nInstall it")));
}

void tst_PromptBuilder::readOutputShowsWhatTheStepPrinted()
{
    StepRecord record;
    record.command = QStringLiteral("python3 -m pip --version");
    record.exitCode = 0;
    record.stdoutTail = QByteArray(3000, 'x') + "\npip 23.0.1\n";
    record.stderrTail = "a warning\n";
    const QString shown = PromptBuilder::executorOutputShown(3, &record);
    QVERIFY(shown.startsWith(
        QLatin1String("Output of step 3 ($ python3 -m pip --version, exit code 0)")));
    QVERIFY(shown.contains(QLatin1String("stdout:\n```\npip 23.0.1\n```")));
    QVERIFY(shown.contains(QLatin1String("stderr:\n```\na warning\n```")));
    QVERIFY(!shown.contains(QLatin1String("xxx")));
    QVERIFY(shown.endsWith(QLatin1String("Call emit_bash with the command for the step to run.")));
    // A long line is cut at the byte count.
    record.stdoutTail = QByteArray(3000, 'x');
    const QString cut = PromptBuilder::executorOutputShown(3, &record);
    QVERIFY(cut.contains(QString(PromptBuilder::ShownOutputBytes, u'x')));
    QVERIFY(!cut.contains(QString(PromptBuilder::ShownOutputBytes + 1, u'x')));
    // Nothing printed, and a step that has not run.
    record.stdoutTail.clear();
    QVERIFY(
        PromptBuilder::executorOutputShown(3, &record).contains(QLatin1String("stdout:\n(empty)")));
    const QString none = PromptBuilder::executorOutputShown(7, nullptr);
    QVERIFY(none.startsWith(QLatin1String("Step 7 has not run: there is no output to show.")));
}

void tst_PromptBuilder::promptsStartWithWhatStaysTheSame()
{
    // Two steps of one plan: the prompts share their start (goal, sandbox, plan) so that a
    // provider's prompt cache serves it; what changes comes after.
    StepRecord first;
    first.command = QStringLiteral("ls");
    first.exitCode = 0;
    first.stdoutTail = "setup.py\n";
    TranslationRequest request;
    request.goal = QStringLiteral("install the package");
    request.facts = facts();
    request.plan = {QStringLiteral("List files"), QStringLiteral("Install it")};
    request.step = QStringLiteral("List files");
    TranslationRequest next = request;
    next.step = QStringLiteral("Install it");
    next.history = {first};
    const QString prefix = PromptBuilder::executorStablePrefix(request);
    QCOMPARE(PromptBuilder::executorStablePrefix(next), prefix);
    QVERIFY(PromptBuilder::executorUserPrompt(request).startsWith(prefix));
    QVERIFY(PromptBuilder::executorUserPrompt(next).startsWith(prefix));
    QVERIFY(prefix.contains(QLatin1String("install the package")));
    QVERIFY(prefix.contains(QLatin1String("2. Install it")));
    QVERIFY(!prefix.contains(QLatin1String("setup.py")));
    QVERIFY(!prefix.contains(QLatin1String("Step to run now")));

    PlanRequest plan;
    plan.goal = request.goal;
    plan.facts = facts();
    PlanRequest replan = plan;
    replan.finished = {first};
    QCOMPARE(PromptBuilder::plannerStablePrefix(replan), PromptBuilder::plannerStablePrefix(plan));
    QVERIFY(PromptBuilder::plannerUserPrompt(replan).startsWith(
        PromptBuilder::plannerStablePrefix(plan)));

    // The cache key is the same for a run's requests of one role and says nothing of the goal.
    const QString key = PromptBuilder::cacheKey(QStringLiteral("executor"), request.goal);
    QCOMPARE(PromptBuilder::cacheKey(QStringLiteral("executor"), request.goal), key);
    QVERIFY(key != PromptBuilder::cacheKey(QStringLiteral("planner"), request.goal));
    QVERIFY(key != PromptBuilder::cacheKey(QStringLiteral("executor"), QStringLiteral("other")));
    QVERIFY(!key.contains(QLatin1String("install")));
}

void tst_PromptBuilder::schemasAreStrict()
{
    const LlmTool tool = PromptBuilder::emitBashTool();
    QCOMPARE(tool.name, QStringLiteral("emit_bash"));
    QCOMPARE(tool.parameters.value(QLatin1String("required")).toArray(),
             QJsonArray{QStringLiteral("command")});
    QCOMPARE(tool.parameters.value(QLatin1String("additionalProperties")).toBool(true), false);
    const LlmTool read = PromptBuilder::readOutputTool();
    QCOMPARE(read.name, QStringLiteral("read_output"));
    QCOMPARE(read.parameters.value(QLatin1String("required")).toArray(),
             QJsonArray{QStringLiteral("step")});
    QCOMPARE(read.parameters.value(QLatin1String("additionalProperties")).toBool(true), false);
    const LlmJsonSchema schema = PromptBuilder::planSchema();
    QCOMPARE(schema.name, QStringLiteral("plan"));
    QCOMPARE(schema.schema.value(QLatin1String("required")).toArray(),
             QJsonArray{QStringLiteral("plan")});
    QCOMPARE(PromptBuilder::planTool().parameters, schema.schema);
}

void tst_PromptBuilder::outputTailsStartWithAWholeLine()
{
    // 40 numbered lines of 64 bytes: a tail cut at a byte count starts inside a line, whose end
    // would read as another number.
    QByteArray numbered;
    for (int line = 1; line <= 40; ++line)
        numbered += QByteArray::number(line).rightJustified(63, '0') + '\n';
    StepRecord last;
    last.command = QStringLiteral("seq -w 40");
    last.exitCode = 1;
    last.stdoutTail = numbered;
    last.stderrTail = numbered;
    TranslationRequest request;
    request.goal = QStringLiteral("count");
    request.facts = facts();
    request.plan = {QStringLiteral("Count"), QStringLiteral("Check")};
    request.step = QStringLiteral("Check");
    request.history = {last};
    const QString executor = PromptBuilder::executorOutputShown(1, &last);
    const QString lastLine = QString(QByteArray::number(40).rightJustified(63, '0'));
    QVERIFY(executor.contains(QStringLiteral("stdout:\n```\n0000")));
    QVERIFY(executor.contains(QStringLiteral("stderr:\n```\n0000")));
    QVERIFY(executor.contains(lastLine + QStringLiteral("\n```")));
    // Every line shown is whole.
    const qsizetype fence = executor.indexOf(QLatin1String("```\n")) + 4;
    const QStringList shown =
        executor.mid(fence, executor.indexOf(QLatin1String("\n```"), fence) - fence).split(u'\n');
    QVERIFY(shown.size() > 3);
    for (const QString &line : shown)
        QCOMPARE(line.size(), 63);
    QVERIFY(shown.size() * 64 <= PromptBuilder::ShownOutputBytes);
    QVERIFY(shown.size() < 40);

    PlanRequest replan;
    replan.goal = request.goal;
    replan.facts = facts();
    last.stdoutTail = numbered.repeated(3); // 7.5 KiB: more than the planner's 4 KiB
    replan.failure = last;
    const QString planner = PromptBuilder::plannerUserPrompt(replan);
    QVERIFY(planner.contains(QStringLiteral("of stdout:\n```\n0000")));

    // One long line: cut where the byte count says, as before.
    last.stdoutTail = QByteArray(5000, 'x') + '\n';
    replan.failure = last;
    QVERIFY(PromptBuilder::plannerUserPrompt(replan).contains(QString(4095, u'x')));
}

void tst_PromptBuilder::unknownSandboxFactsAreLeftOut()
{
    // A sandbox whose probe found no OS, user, working directory or tools: no empty field, no
    // doubled separator, no line that names nothing.
    SandboxFacts facts;
    facts.kind = QStringLiteral("libvirt");
    facts.arch = QStringLiteral("aarch64");
    facts.shell = QStringLiteral("/bin/sh");
    TranslationRequest request;
    request.goal = QStringLiteral("say hello");
    request.facts = facts;
    request.plan = {QStringLiteral("Say hello")};
    request.step = request.plan.first();
    const QString prompt = PromptBuilder::executorUserPrompt(request);
    QVERIFY2(prompt.contains(QLatin1String("\n\nSandbox: libvirt, aarch64, /bin/sh\n\nPlan:")),
             qPrintable(prompt));
    QVERIFY(!prompt.contains(QLatin1String("Working directory")));
    QVERIFY(!prompt.contains(QLatin1String("Tools")));
}

QTEST_GUILESS_MAIN(tst_PromptBuilder)
#include "tst_promptbuilder.moc"
