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
    void executorSeesStepPlanAndRecentOutput();
    void promptsStartWithWhatStaysTheSame();
    void outputTailsStartWithAWholeLine();
    void schemasAreStrict();

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
    QVERIFY(prompt.contains(QLatin1String("Debian GNU/Linux 12")));
    QVERIFY(prompt.contains(QLatin1String("/workspace")));
    QVERIFY(prompt.contains(QLatin1String("python3, git")));
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

void tst_PromptBuilder::executorSeesStepPlanAndRecentOutput()
{
    StepRecord earlier;
    earlier.command = QStringLiteral("ls");
    earlier.exitCode = 0;
    earlier.stdoutTail = QByteArray(1000, 'x') + "setup.py\n";
    TranslationRequest request;
    request.goal = QStringLiteral("install the package");
    request.facts = facts();
    request.plan = {QStringLiteral("List files"), QStringLiteral("Install it")};
    request.step = QStringLiteral("Install it");
    request.history = {earlier};
    const QString prompt = PromptBuilder::executorUserPrompt(request);
    QVERIFY(prompt.contains(QLatin1String("1. List files\n2. Install it")));
    QVERIFY(prompt.contains(QLatin1String("Step to run now:\nInstall it")));
    QVERIFY(prompt.contains(QLatin1String("$ ls   (exit code 0)")));
    QVERIFY(prompt.contains(QLatin1String("setup.py")));
    // Only a short tail of earlier output.
    QVERIFY(!prompt.contains(QString(700, u'x')));
    QVERIFY(PromptBuilder::executorSystemPrompt().contains(QLatin1String("emit_bash")));

    // Of the recent steps, every command and exit code, but only the last one's output.
    StepRecord older;
    older.command = QStringLiteral("cat setup.cfg");
    older.exitCode = 0;
    older.stdoutTail = "name = older-output\n";
    older.stderrTail = "warning: older-error\n";
    StepRecord last;
    last.command = QStringLiteral("python3 -m pip --version");
    last.exitCode = 1;
    last.stdoutTail = "last-output\n";
    last.stderrTail = "last-error\n";
    request.history = {earlier, older, last};
    const QString recent = PromptBuilder::executorUserPrompt(request);
    QVERIFY(recent.contains(QLatin1String("$ ls   (exit code 0)")));
    QVERIFY(recent.contains(QLatin1String("$ cat setup.cfg   (exit code 0)")));
    QVERIFY(recent.contains(QLatin1String("$ python3 -m pip --version   (exit code 1)")));
    QVERIFY(recent.contains(QLatin1String("last-output")));
    QVERIFY(recent.contains(QLatin1String("last-error")));
    QVERIFY(!recent.contains(QLatin1String("setup.py")));
    QVERIFY(!recent.contains(QLatin1String("older-output")));
    QVERIFY(!recent.contains(QLatin1String("older-error")));
    // The step itself is told as before.
    QVERIFY(recent.endsWith(
        QLatin1String("Step to run now:\nInstall it\n\nCall emit_bash with the command.")));
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
    const QString executor = PromptBuilder::executorUserPrompt(request);
    const QString lastLine = QString(QByteArray::number(40).rightJustified(63, '0'));
    QVERIFY(executor.contains(QStringLiteral("stdout (end):\n```\n0000")));
    QVERIFY(executor.contains(QStringLiteral("stderr (end):\n```\n0000")));
    QVERIFY(executor.contains(lastLine + QStringLiteral("\n```")));
    // Every line shown is whole.
    const qsizetype fence = executor.indexOf(QLatin1String("```\n")) + 4;
    const QStringList shown =
        executor.mid(fence, executor.indexOf(QLatin1String("\n```"), fence) - fence).split(u'\n');
    QVERIFY(shown.size() > 3);
    for (const QString &line : shown)
        QCOMPARE(line.size(), 63);
    QVERIFY(shown.size() * 64 <= PromptBuilder::HistoryTailBytes);

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

QTEST_GUILESS_MAIN(tst_PromptBuilder)
#include "tst_promptbuilder.moc"
