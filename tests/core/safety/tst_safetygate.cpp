#include "core/safety/SafetyGate.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Terrarium::Core;

Q_DECLARE_METATYPE(Terrarium::Core::ApprovalPolicy)
Q_DECLARE_METATYPE(Terrarium::Core::ApprovalDecision)
Q_DECLARE_METATYPE(Terrarium::Core::SafetyGate::Verdict)

namespace {

const QString Risky = QStringLiteral("rm -rf build");
const QString Safe = QStringLiteral("ls -la");

bool riskAtLeast(const QString &risk, const QString &least)
{
    const QStringList order{QString(), QStringLiteral("medium"), QStringLiteral("high"),
                            QStringLiteral("critical")};
    return order.indexOf(risk) >= order.indexOf(least);
}

} // namespace

class tst_SafetyGate : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void policyNames_data();
    void policyNames();
    void unknownPolicyName();
    void decisionNames_data();
    void decisionNames();
    void unknownDecisionName();
    void verdictWithoutDecisions_data();
    void verdictWithoutDecisions();
    void verdictAfterDecision_data();
    void verdictAfterDecision();
    void alwaysEmitsTheWholeList();
    void alwaysTwiceEmitsOnce();
    void alwaysAllowedFromConfig();
    void alwaysAllowedFromConfigIsNormalised();
    void sessionMemoryDoesNotOutliveTheGate();
    void rememberedCommandOnlyCoversItself();
    void whitespaceNormalisedMatching_data();
    void whitespaceNormalisedMatching();
    void normalizeCommand_data();
    void normalizeCommand();
    void runsCodeAnEarlierStepWrote_data();
    void runsCodeAnEarlierStepWrote();
    void writtenScriptIsRatedByItsText();
    void writtenFileNamesTheStepAndItsText();
    void approvalHoldsUntilTheFileIsWrittenAgain();
    void configApprovalDoesNotCoverAWrittenFile();
    void sandboxReportAddsFiles();
    void newRunForgetsTheWrites();
    void multiLineCommandIsFlagged();
    void hostSeesFilesChangedDuringTheRun();
    void reportedGitConfigCountsWhenItRunsCode();
};

void tst_SafetyGate::policyNames_data()
{
    QTest::addColumn<ApprovalPolicy>("policy");
    QTest::addColumn<QString>("name");
    QTest::newRow("ask") << ApprovalPolicy::Ask << QStringLiteral("ask");
    QTest::newRow("safe") << ApprovalPolicy::Safe << QStringLiteral("safe");
    QTest::newRow("all") << ApprovalPolicy::All << QStringLiteral("all");
}

void tst_SafetyGate::policyNames()
{
    QFETCH(ApprovalPolicy, policy);
    QFETCH(QString, name);
    QCOMPARE(approvalPolicyName(policy), name);
    QCOMPARE(approvalPolicyFromName(name), std::optional<ApprovalPolicy>(policy));
    QCOMPARE(approvalPolicyFromName(u' ' + name.toUpper() + u'\t'),
             std::optional<ApprovalPolicy>(policy));
}

void tst_SafetyGate::unknownPolicyName()
{
    QCOMPARE(approvalPolicyFromName(QStringLiteral("yes")), std::nullopt);
    QCOMPARE(approvalPolicyFromName(QString()), std::nullopt);
    QCOMPARE(approvalPolicyFromName(QStringLiteral("always")), std::nullopt);
}

void tst_SafetyGate::decisionNames_data()
{
    QTest::addColumn<ApprovalDecision>("decision");
    QTest::addColumn<QString>("name");
    QTest::newRow("once") << ApprovalDecision::Once << QStringLiteral("once");
    QTest::newRow("session") << ApprovalDecision::Session << QStringLiteral("session");
    QTest::newRow("always") << ApprovalDecision::Always << QStringLiteral("always");
    QTest::newRow("deny") << ApprovalDecision::Deny << QStringLiteral("deny");
}

void tst_SafetyGate::decisionNames()
{
    QFETCH(ApprovalDecision, decision);
    QFETCH(QString, name);
    QCOMPARE(approvalDecisionName(decision), name);
    QCOMPARE(approvalDecisionFromName(name), std::optional<ApprovalDecision>(decision));
    QCOMPARE(approvalDecisionFromName(QStringLiteral("  ") + name.toUpper()),
             std::optional<ApprovalDecision>(decision));
}

void tst_SafetyGate::unknownDecisionName()
{
    QCOMPARE(approvalDecisionFromName(QStringLiteral("forever")), std::nullopt);
    QCOMPARE(approvalDecisionFromName(QString()), std::nullopt);
}

void tst_SafetyGate::verdictWithoutDecisions_data()
{
    QTest::addColumn<ApprovalPolicy>("policy");
    QTest::addColumn<QString>("command");
    QTest::addColumn<SafetyGate::Verdict>("verdict");
    QTest::addColumn<QString>("risk");

    const QString high = QStringLiteral("high");
    const QString critical = QStringLiteral("critical");
    QTest::newRow("ask: risky asks")
        << ApprovalPolicy::Ask << Risky << SafetyGate::Verdict::Ask << high;
    QTest::newRow("ask: critical asks") << ApprovalPolicy::Ask << QStringLiteral("rm -rf /")
                                        << SafetyGate::Verdict::Ask << critical;
    QTest::newRow("ask: safe runs")
        << ApprovalPolicy::Ask << Safe << SafetyGate::Verdict::Run << QString();
    QTest::newRow("safe: risky is denied")
        << ApprovalPolicy::Safe << Risky << SafetyGate::Verdict::Deny << high;
    QTest::newRow("safe: safe runs")
        << ApprovalPolicy::Safe << Safe << SafetyGate::Verdict::Run << QString();
    QTest::newRow("all: risky runs, still assessed")
        << ApprovalPolicy::All << QStringLiteral("rm -rf /") << SafetyGate::Verdict::Run
        << critical;
    QTest::newRow("all: safe runs")
        << ApprovalPolicy::All << Safe << SafetyGate::Verdict::Run << QString();
}

void tst_SafetyGate::verdictWithoutDecisions()
{
    QFETCH(ApprovalPolicy, policy);
    QFETCH(QString, command);
    QFETCH(SafetyGate::Verdict, verdict);
    QFETCH(QString, risk);
    const SafetyGate gate(policy, {});
    QCOMPARE(gate.policy(), policy);
    const SafetyGate::Check check = gate.check(command);
    QCOMPARE(check.verdict, verdict);
    QCOMPARE(check.assessment.risk, risk);
    QCOMPARE(check.assessment.isRisky(), !risk.isEmpty());
    QCOMPARE(check.assessment.reasons.isEmpty(), risk.isEmpty());
}

void tst_SafetyGate::verdictAfterDecision_data()
{
    QTest::addColumn<ApprovalPolicy>("policy");
    QTest::addColumn<ApprovalDecision>("decision");
    QTest::addColumn<SafetyGate::Verdict>("verdict");
    QTest::addColumn<bool>("persisted");

    using V = SafetyGate::Verdict;
    using D = ApprovalDecision;
    using P = ApprovalPolicy;
    QTest::newRow("ask + once: asks again") << P::Ask << D::Once << V::Ask << false;
    QTest::newRow("ask + session: runs") << P::Ask << D::Session << V::Run << false;
    QTest::newRow("ask + always: runs and persists") << P::Ask << D::Always << V::Run << true;
    QTest::newRow("ask + deny: asks again") << P::Ask << D::Deny << V::Ask << false;
    // The safe policy never runs what the rules flag, whatever was answered before.
    QTest::newRow("safe + once: denied") << P::Safe << D::Once << V::Deny << false;
    QTest::newRow("safe + session: denied") << P::Safe << D::Session << V::Deny << false;
    QTest::newRow("safe + always: denied, still persists")
        << P::Safe << D::Always << V::Deny << true;
    QTest::newRow("safe + deny: denied") << P::Safe << D::Deny << V::Deny << false;
    QTest::newRow("all + once: runs") << P::All << D::Once << V::Run << false;
    QTest::newRow("all + session: runs") << P::All << D::Session << V::Run << false;
    QTest::newRow("all + always: runs and persists") << P::All << D::Always << V::Run << true;
    QTest::newRow("all + deny: runs") << P::All << D::Deny << V::Run << false;
}

void tst_SafetyGate::verdictAfterDecision()
{
    QFETCH(ApprovalPolicy, policy);
    QFETCH(ApprovalDecision, decision);
    QFETCH(SafetyGate::Verdict, verdict);
    QFETCH(bool, persisted);
    SafetyGate gate(policy, {});
    QSignalSpy changed(&gate, &SafetyGate::alwaysAllowedChanged);
    gate.recordDecision(Risky, decision);
    QCOMPARE(gate.check(Risky).verdict, verdict);
    QCOMPARE(gate.check(Risky).assessment.ruleIds, QStringList{QStringLiteral("recursive-delete")});
    QCOMPARE(changed.size(), persisted ? 1 : 0);
    QCOMPARE(gate.alwaysAllowed(), persisted ? QStringList{Risky} : QStringList{});
    // Safe commands are unaffected by any answer.
    QCOMPARE(gate.check(Safe).verdict, SafetyGate::Verdict::Run);
}

void tst_SafetyGate::alwaysEmitsTheWholeList()
{
    SafetyGate gate(ApprovalPolicy::Ask, {QStringLiteral("git push -f")});
    QSignalSpy changed(&gate, &SafetyGate::alwaysAllowedChanged);
    gate.recordDecision(Risky, ApprovalDecision::Always);
    QCOMPARE(changed.size(), 1);
    const QStringList expected{QStringLiteral("git push -f"), Risky};
    QCOMPARE(changed.first().first().toStringList(), expected);
    QCOMPARE(gate.alwaysAllowed(), expected);
    QCOMPARE(gate.check(Risky).verdict, SafetyGate::Verdict::Run);
}

void tst_SafetyGate::alwaysTwiceEmitsOnce()
{
    SafetyGate gate(ApprovalPolicy::Ask, {});
    QSignalSpy changed(&gate, &SafetyGate::alwaysAllowedChanged);
    gate.recordDecision(Risky, ApprovalDecision::Always);
    gate.recordDecision(QStringLiteral("  rm   -rf build "), ApprovalDecision::Always);
    QCOMPARE(changed.size(), 1);
    QCOMPARE(gate.alwaysAllowed(), QStringList{Risky});
    // Neither an empty command nor a session answer touches the persisted list.
    gate.recordDecision(QStringLiteral("   "), ApprovalDecision::Always);
    gate.recordDecision(QStringLiteral("git clean -fdx"), ApprovalDecision::Session);
    QCOMPARE(changed.size(), 1);
    QCOMPARE(gate.alwaysAllowed(), QStringList{Risky});
}

void tst_SafetyGate::alwaysAllowedFromConfig()
{
    const SafetyGate gate(ApprovalPolicy::Ask, {Risky});
    QCOMPARE(gate.check(Risky).verdict, SafetyGate::Verdict::Run);
    QCOMPARE(gate.check(QStringLiteral("rm -rf dist")).verdict, SafetyGate::Verdict::Ask);
    // The assessment is still reported for commands allowed in advance.
    QCOMPARE(gate.check(Risky).assessment.risk, QStringLiteral("high"));
}

void tst_SafetyGate::alwaysAllowedFromConfigIsNormalised()
{
    const SafetyGate gate(
        ApprovalPolicy::Ask,
        {QStringLiteral(" rm\t-rf  build"), Risky, QString(), QStringLiteral(" ")});
    QCOMPARE(gate.alwaysAllowed(), QStringList{Risky});
    QCOMPARE(gate.check(Risky).verdict, SafetyGate::Verdict::Run);
}

void tst_SafetyGate::sessionMemoryDoesNotOutliveTheGate()
{
    {
        SafetyGate gate(ApprovalPolicy::Ask, {});
        gate.recordDecision(Risky, ApprovalDecision::Session);
        QCOMPARE(gate.check(Risky).verdict, SafetyGate::Verdict::Run);
        QVERIFY(gate.alwaysAllowed().isEmpty());
    }
    const SafetyGate next(ApprovalPolicy::Ask, {});
    QCOMPARE(next.check(Risky).verdict, SafetyGate::Verdict::Ask);
}

void tst_SafetyGate::rememberedCommandOnlyCoversItself()
{
    SafetyGate gate(ApprovalPolicy::Ask, {});
    gate.recordDecision(Risky, ApprovalDecision::Session);
    QCOMPARE(gate.check(QStringLiteral("rm -rf build2")).verdict, SafetyGate::Verdict::Ask);
    QCOMPARE(gate.check(QStringLiteral("rm -rf build; rm -rf /")).verdict,
             SafetyGate::Verdict::Ask);
    QCOMPARE(gate.check(QStringLiteral("sudo rm -rf build")).verdict, SafetyGate::Verdict::Ask);
    // Once remembers nothing, and a later deny does not revoke an earlier session answer.
    gate.recordDecision(QStringLiteral("rm -rf dist"), ApprovalDecision::Once);
    QCOMPARE(gate.check(QStringLiteral("rm -rf dist")).verdict, SafetyGate::Verdict::Ask);
    gate.recordDecision(Risky, ApprovalDecision::Deny);
    QCOMPARE(gate.check(Risky).verdict, SafetyGate::Verdict::Run);
}

void tst_SafetyGate::whitespaceNormalisedMatching_data()
{
    QTest::addColumn<QString>("recorded");
    QTest::addColumn<QString>("checked");
    QTest::addColumn<bool>("matches");

    QTest::newRow("identical") << Risky << Risky << true;
    QTest::newRow("extra spaces") << Risky << QStringLiteral("rm  -rf   build") << true;
    QTest::newRow("tabs") << Risky << QStringLiteral("rm\t-rf\tbuild") << true;
    QTest::newRow("leading and trailing blanks")
        << Risky << QStringLiteral("  rm -rf build \n") << true;
    QTest::newRow("recorded with extra blanks")
        << QStringLiteral(" rm  -rf  build ") << Risky << true;
    QTest::newRow("different target") << Risky << QStringLiteral("rm -rf build2") << false;
    QTest::newRow("different flags") << Risky << QStringLiteral("rm -fr build") << false;
    QTest::newRow("spaces inside quotes matter")
        << QStringLiteral("rm -rf \"my  dir\"") << QStringLiteral("rm -rf \"my dir\"") << false;
    QTest::newRow("spaces inside single quotes matter")
        << QStringLiteral("rm -rf 'a  b'") << QStringLiteral("rm -rf 'a b'") << false;
    QTest::newRow("spaces outside quotes collapse")
        << QStringLiteral("rm  -rf  \"my  dir\"") << QStringLiteral("rm -rf \"my  dir\"") << true;
    QTest::newRow("escaped space is not a separator")
        << QStringLiteral("rm -rf my\\ dir") << QStringLiteral("rm -rf my dir") << false;
    // Issue 27: a runbook's multi-line command is not the one-line command its newlines fold to.
    QTest::newRow("several lines do not match one line")
        << QStringLiteral("rm -rf build rm -rf /") << QStringLiteral("rm -rf build\nrm -rf /")
        << false;
    QTest::newRow("one line does not match several lines")
        << QStringLiteral("rm -rf build\nls") << QStringLiteral("rm -rf build ls") << false;
    QTest::newRow("several lines match their exact text")
        << QStringLiteral("rm -rf build\nls") << QStringLiteral("rm -rf build\nls\n") << true;
    QTest::newRow("several lines: spaces inside matter")
        << QStringLiteral("rm -rf build\nls  -l") << QStringLiteral("rm -rf build\nls -l") << false;
    QTest::newRow("carriage return is no blank")
        << QStringLiteral("rm -rf build x") << QStringLiteral("rm -rf build\rx") << false;
    QTest::newRow("no-break space is no blank")
        << QStringLiteral("rm -rf build x") << QStringLiteral("rm -rf build\u00a0x") << false;
}

void tst_SafetyGate::whitespaceNormalisedMatching()
{
    QFETCH(QString, recorded);
    QFETCH(QString, checked);
    QFETCH(bool, matches);
    SafetyGate gate(ApprovalPolicy::Ask, {});
    QVERIFY(gate.check(checked).assessment.isRisky());
    gate.recordDecision(recorded, ApprovalDecision::Session);
    QCOMPARE(gate.check(checked).verdict,
             matches ? SafetyGate::Verdict::Run : SafetyGate::Verdict::Ask);

    SafetyGate persistent(ApprovalPolicy::Ask, {});
    persistent.recordDecision(recorded, ApprovalDecision::Always);
    QCOMPARE(persistent.check(checked).verdict,
             matches ? SafetyGate::Verdict::Run : SafetyGate::Verdict::Ask);
}

void tst_SafetyGate::normalizeCommand_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("normalized");

    QTest::newRow("already normal") << Risky << Risky;
    QTest::newRow("runs of blanks") << QStringLiteral("a \t  b   c") << QStringLiteral("a b c");
    // Issue 27: a newline ends a command; several lines are kept exactly as they are.
    QTest::newRow("several lines kept exactly")
        << QStringLiteral("a \t  b\n\nc") << QStringLiteral("a \t  b\n\nc");
    QTest::newRow("several lines: only the ends trimmed")
        << QStringLiteral("\n  echo  a\necho  b \n") << QStringLiteral("echo  a\necho  b");
    QTest::newRow("no-break space is part of a word")
        << QStringLiteral("rm\u00a0 -rf") << QStringLiteral("rm\u00a0 -rf");
    QTest::newRow("trimmed") << QStringLiteral("  a b  ") << QStringLiteral("a b");
    QTest::newRow("double quotes kept")
        << QStringLiteral("echo  \"a   b\"  c") << QStringLiteral("echo \"a   b\" c");
    QTest::newRow("single quotes kept")
        << QStringLiteral("echo  'a   b'") << QStringLiteral("echo 'a   b'");
    QTest::newRow("escaped quote inside double quotes")
        << QStringLiteral("echo \"a \\\"  b\"  c") << QStringLiteral("echo \"a \\\"  b\" c");
    QTest::newRow("escaped quote outside quotes")
        << QStringLiteral("echo \\\"  a") << QStringLiteral("echo \\\" a");
    QTest::newRow("backslash in single quotes")
        << QStringLiteral("echo 'a\\'  b") << QStringLiteral("echo 'a\\' b");
    QTest::newRow("empty") << QStringLiteral(" \t\n ") << QString();
}

void tst_SafetyGate::normalizeCommand()
{
    QFETCH(QString, command);
    QFETCH(QString, normalized);
    QCOMPARE(SafetyGate::normalizeCommand(command), normalized);
}

namespace {

const QString Workspace = QStringLiteral("/work/ws");

// A gate in a run whose earlier steps ran `written`, one command a step.
std::unique_ptr<SafetyGate> gateAfter(const QStringList &written,
                                      ApprovalPolicy policy = ApprovalPolicy::Ask)
{
    auto gate = std::make_unique<SafetyGate>(policy, QStringList());
    gate->beginRun(Workspace);
    for (qsizetype i = 0; i < written.size(); ++i)
        gate->noteCommand(int(i) + 1, written.at(i));
    return gate;
}

const QString WrittenRule = QStringLiteral("runs-written-code");

} // namespace

// Issue 27: a script written in one step and run in the next asked nothing.
void tst_SafetyGate::runsCodeAnEarlierStepWrote_data()
{
    QTest::addColumn<QString>("written");
    QTest::addColumn<QString>("run");
    QTest::addColumn<bool>("flagged");

    const auto row = [](const char *name, const char *written, const char *run, bool flagged) {
        QTest::newRow(name) << QString::fromUtf8(written) << QString::fromUtf8(run) << flagged;
    };
    // How the file got there.
    row("echo >", "echo 'id' > x.sh", "sh x.sh", true);
    row("printf >", "printf '#!/bin/sh\\nid\\n' > x.sh", "bash x.sh", true);
    row("here-document", "cat > x.sh <<'EOF'\nid\nEOF", "bash x.sh", true);
    row("tee", "echo id | tee x.sh", "sh x.sh", true);
    row("append", "echo id >> x.sh", "sh x.sh", true);
    row("cp", "cp /tmp/payload x.sh", "sh x.sh", true);
    row("install", "install -m 755 /tmp/payload bin/tool", "./bin/tool", true);
    row("ln -s", "ln -s /tmp/payload run", "./run", true);
    row("sed -i", "sed -i 's/a/b/' x.sh", "sh x.sh", true);
    row("sed -i.bak", "sed -i.bak -e 's/a/b/' x.sh", "sh x.sh", true);
    row("chmod +x", "chmod +x tool", "./tool", true);
    row("chmod 755", "chmod 755 tool", "./tool", true);
    row("chmod without x is no write", "chmod 644 tool", "./tool", false);
    row("dd of=", "dd if=/dev/zero of=x.sh count=0", "sh x.sh", true);
    row("touch", "touch x.sh", "sh x.sh", true);
    row("curl -o", "curl -sSLo x.sh https://example.com/i.sh", "sh x.sh", true);
    row("curl -O", "curl -O https://example.com/i.sh", "sh i.sh", true);
    row("wget", "wget https://example.com/i.sh", "bash i.sh", true);
    row("python open()", "python3 -c \"open('x.py','w').write('print(1)')\"", "python3 x.py", true);
    row("node writeFileSync", "node -e \"require('fs').writeFileSync('x.js', 'x')\"", "node x.js",
        true);
    row("written in a nested shell", "bash -c 'echo id > x.sh'", "sh x.sh", true);
    row("gunzip", "gunzip -f x.sh.gz", "sh x.sh", true);
    row("xz -d", "xz -d payload.tar.xz", "tar tf payload.tar", false);
    row("zstd -d -o", "zstd -d -o x.sh x.zst", "sh x.sh", true);
    row("gzip -dc is stdout", "gzip -dc x.sh.gz", "sh x.sh", false);
    row("openssl -out", "openssl enc -d -aes256 -in blob -out x.sh -k k", "sh x.sh", true);
    row("xxd -r", "xxd -r -p hex.txt x.sh", "sh x.sh", true);
    row("uudecode", "uudecode blob.uu", "sh x.sh", true);
    row("after cd", "cd sub && echo id > x.sh", "sh sub/x.sh", true);
    row("tar unpacked here", "tar xzf /tmp/a.tgz", "sh payload.sh", true);
    row("tar -C", "tar -xzf /tmp/a.tgz -C vendor", "sh vendor/deep/payload.sh", true);
    row("unzip -d", "unzip -q /tmp/a.zip -d vendor", "python3 vendor/x.py", true);
    row("git clone", "git clone https://example.com/r.git", "sh r/install.sh", true);
    row("patch", "patch -p1 < /tmp/fix.diff", "sh tools/build.sh", true);
    // How the run names it: any spelling of the same path.
    row("./x", "echo id > x.sh", "sh ./x.sh", true);
    row("absolute", "echo id > x.sh", "sh /work/ws/x.sh", true);
    row("$PWD", "echo id > x.sh", "sh $PWD/x.sh", true);
    row("${PWD}", "echo id > x.sh", "bash \"${PWD}/x.sh\"", true);
    row("dir/../", "echo id > x.sh", "sh sub/../x.sh", true);
    row("glob", "echo id > x.sh", "sh *.sh", true);
    row("written absolute, run relative", "echo id > /work/ws/x.sh", "sh x.sh", true);
    row("home", "echo id > ~/x.sh", "sh $HOME/x.sh", true);
    // How it is run.
    row("./ after chmod", "echo id > x.sh; chmod +x x.sh", "./x.sh", true);
    row("source", "echo id > env.sh", "source env.sh", true);
    row(". ", "echo id > env.sh", ". ./env.sh", true);
    row("python3", "echo 'print(1)' > x.py", "python3 x.py", true);
    row("perl", "echo 'print 1' > x.pl", "perl x.pl", true);
    row("node", "echo 'x' > x.js", "node x.js", true);
    row("awk -f", "echo '{print}' > x.awk", "awk -f x.awk data.txt", true);
    row("sed -f", "echo 'e id' > x.sed", "sed -f x.sed data.txt", true);
    row("python exec(open())", "echo 'print(1)' > x.txt",
        "python3 -c \"exec(open('x.txt').read())\"", true);
    row("perl do", "echo 'print 1' > x.txt", "perl -e 'do \"./x.txt\"'", true);
    row("node require", "echo 'x' > lib.js", "node -e \"require('./lib')\"", true);
    row("bash < x", "echo id > x.sh", "bash < x.sh", true);
    row("python3 - < x", "echo 'print(1)' > x.py", "python3 - < x.py", true);
    row("cat | sh", "echo id > x.sh", "cat x.sh | sh", true);
    row("sed | bash", "echo id > x.sh", "sed 1d x.sh | bash", true);
    row("sh -c $(cat)", "echo id > x.sh", "sh -c \"$(cat x.sh)\"", true);
    row("eval $(cat)", "echo id > x.sh", "eval \"$(cat x.sh)\"", true);
    row("bash <(cat)", "echo id > x.sh", "bash <(cat x.sh)", true);
    row("source <(cat)", "echo id > x.sh", "source <(cat x.sh)", true);
    row("xargs sh", "echo id > x.sh", "echo x.sh | xargs sh", true);
    row("find -exec sh {}", "echo id > x.sh", "find . -name '*.sh' -exec sh {} \\;", true);
    row("sh \"$f\"", "echo id > x.sh", "sh \"$SCRIPT\"", true);
    row("bash /dev/fd/3", "echo id > x.sh", "exec 3< x.sh; bash /dev/fd/3", true);
    row("wrapped: sudo", "echo id > x.sh", "sudo sh x.sh", true);
    row("wrapped: env", "echo id > x.sh", "env -i bash x.sh", true);
    row("wrapped: nohup &", "echo id > x.sh", "nohup ./x.sh &", true);
    row("wrapped: timeout", "echo id > x.sh", "timeout 5 python3 x.sh", true);
    row("dynamic loader", "cp /tmp/payload tool", "/lib64/ld-linux-x86-64.so.2 ./tool", true);
    row("later in a chain", "echo id > x.sh", "ls && sh x.sh", true);
    // Dodges: renamed, moved, linked, copied again.
    row("renamed with mv", "echo id > x.txt\nmv x.txt y.sh", "sh y.sh", true);
    row("moved into a folder", "echo id > x.sh\nmv x.sh bin/", "sh bin/x.sh", true);
    row("folder moved", "tar xf /tmp/a.tar -C a\nmv a b", "sh b/x.sh", true);
    row("copied again", "echo id > x.sh\ncp x.sh /tmp/y", "sh /tmp/y", true);
    row("linked", "echo id > x.sh\nln -s x.sh y", "sh y", true);
    // Code the program finds by itself.
    row("Makefile", "echo 'all:; id' > Makefile", "make", true);
    row("make -C", "echo 'all:; id' > sub/Makefile", "make -C sub all", true);
    row("make -f", "echo 'all:; id' > build.mk", "make -f build.mk", true);
    row("make --f=", "echo 'all:; id' > build.mk", "make --f=build.mk", true); // --file
    row("package.json", "echo '{}' > package.json", "npm test", true);
    row("python imports beside the script", "echo 'import os' > json.py", "python3 app.py", true);
    row("python -c imports from here", "echo 'x=1' > evil.py", "python3 -c 'import evil'", true);
    row("python -m", "echo 'x=1' > evil.py", "python3 -m evil", true);
    row("python start-up file", "echo 'import os' > ~/.local/lib/python3.11/site-packages/x.pth",
        "python3 /srv/app.py", true);
    row("node_modules", "echo 'x' > node_modules/left-pad/index.js", "node app.js", true);
    row("git hook", "echo id > .git/hooks/pre-commit", "git commit -m x", true);
    row("git hook, from a subfolder", "echo id > .git/hooks/post-checkout",
        "cd src && git checkout main", true);
    row("git config with code", "git config core.fsmonitor 'id'", "git status", true);
    row("PATH lookup after PATH=.", "echo id > tool; chmod +x tool", "PATH=.:$PATH tool", true);
    row("PATH lookup in ~/.local/bin", "echo id > ~/.local/bin/tool", "tool --help", true);
    // What is not code this run wrote.
    row("reading is not running", "echo id > x.sh", "cat x.sh", false);
    row("another file", "echo id > x.sh", "sh y.sh", false);
    row("another folder", "echo id > a/x.sh", "sh b/x.sh", false);
    row("editing is not running", "echo id > x.sh", "sed -i s/a/b/ x.sh", false);
    row("git config of a name", "git config user.email a@b", "git commit -m x", false);
    row("git without written hooks", "echo id > x.sh", "git status", false);
    row("written file in the working directory is no PATH lookup", "echo id > tool", "tool", false);
    row("python elsewhere", "echo 'x=1' > a/evil.py", "python3 b/app.py", false);
    row("nothing written", "ls -la", "sh x.sh", false);
    row("nothing written, name known only later", "ls", "sh \"$SCRIPT\"", false);
}

void tst_SafetyGate::runsCodeAnEarlierStepWrote()
{
    QFETCH(QString, written);
    QFETCH(QString, run);
    QFETCH(bool, flagged);
    const auto gate = gateAfter(written.split(u'\n'));
    const SafetyGate::Check check = gate->check(run);
    QCOMPARE(check.assessment.ruleIds.contains(WrittenRule), flagged);
    if (!flagged)
        return;
    QCOMPARE(check.verdict, SafetyGate::Verdict::Ask);
    QVERIFY(riskAtLeast(check.assessment.risk, QStringLiteral("medium")));
    const qsizetype at = check.assessment.ruleIds.indexOf(WrittenRule);
    QVERIFY2(check.assessment.reasons.at(at).contains(QLatin1String("this run wrote")),
             qPrintable(check.assessment.reasons.at(at)));
    // The same command in a run that wrote nothing is not asked about for this reason.
    const auto fresh = gateAfter({});
    QVERIFY(!fresh->check(run).assessment.ruleIds.contains(WrittenRule));
}

void tst_SafetyGate::writtenScriptIsRatedByItsText()
{
    const auto gate = gateAfter({QStringLiteral("echo 'rm -rf ~' > cleanup.sh")});
    const SafetyGate::Check check = gate->check(QStringLiteral("bash cleanup.sh"));
    QCOMPARE(check.assessment.risk, QStringLiteral("critical"));
    QVERIFY(check.assessment.ruleIds.contains(WrittenRule));
    QVERIFY(check.assessment.ruleIds.contains(QStringLiteral("home-delete")));
    // A Python script is not read as shell code.
    const auto python = gateAfter({QStringLiteral("echo 'rm -rf ~' > x.py")});
    const SafetyGate::Check other = python->check(QStringLiteral("python3 x.py"));
    QCOMPARE(other.assessment.risk, QStringLiteral("medium"));
    QCOMPARE(other.assessment.ruleIds, QStringList{WrittenRule});
}

void tst_SafetyGate::writtenFileNamesTheStepAndItsText()
{
    const auto gate =
        gateAfter({QStringLiteral("ls"), QStringLiteral("printf '#!/bin/sh\\necho hi\\n' > run.sh"),
                   QStringLiteral("tar xf /tmp/a.tar -C vendor")});
    SafetyGate::Check check = gate->check(QStringLiteral("sh run.sh"));
    QCOMPARE(check.writtenFiles.size(), 1);
    QCOMPARE(check.writtenFiles.first().path, QStringLiteral("/work/ws/run.sh"));
    QCOMPARE(check.writtenFiles.first().stepId, 2);
    QCOMPARE(check.writtenFiles.first().writtenText, QStringLiteral("#!/bin/sh\necho hi\n"));
    const qsizetype at = check.assessment.ruleIds.indexOf(WrittenRule);
    QCOMPARE(check.assessment.reasons.at(at),
             QStringLiteral("Runs code this run wrote: run.sh (step 2)"));

    // A file out of an unpacked folder: named, its text unknown.
    check = gate->check(QStringLiteral("./vendor/bin/tool"));
    QCOMPARE(check.writtenFiles.size(), 1);
    QCOMPARE(check.writtenFiles.first().path, QStringLiteral("/work/ws/vendor/bin/tool"));
    QCOMPARE(check.writtenFiles.first().stepId, 3);
    QVERIFY(check.writtenFiles.first().writtenText.isNull());
}

void tst_SafetyGate::approvalHoldsUntilTheFileIsWrittenAgain()
{
    for (const ApprovalDecision decision : {ApprovalDecision::Session, ApprovalDecision::Always}) {
        const auto gate = gateAfter({QStringLiteral("echo 'echo hi' > run.sh")});
        const QString run = QStringLiteral("sh run.sh");
        QCOMPARE(gate->check(run).verdict, SafetyGate::Verdict::Ask);
        gate->recordDecision(run, decision);
        QCOMPARE(gate->check(run).verdict, SafetyGate::Verdict::Run);
        // Another file written does not matter ...
        gate->noteCommand(2, QStringLiteral("echo x > notes.txt"));
        QCOMPARE(gate->check(run).verdict, SafetyGate::Verdict::Run);
        // ... the script written again does: what was allowed is not what would run.
        gate->noteCommand(3, QStringLiteral("echo 'rm -rf ~' > run.sh"));
        const SafetyGate::Check check = gate->check(run);
        QCOMPARE(check.verdict, SafetyGate::Verdict::Ask);
        QCOMPARE(check.assessment.risk, QStringLiteral("critical"));
        // Rewritten by a program whose writes the text does not show: the audit says so.
        gate->recordDecision(run, decision);
        QCOMPARE(gate->check(run).verdict, SafetyGate::Verdict::Run);
        gate->noteReportedFiles(4, {QStringLiteral("run.sh")});
        QCOMPARE(gate->check(run).verdict, SafetyGate::Verdict::Ask);
    }
    // Once remembers nothing, as for any command.
    const auto gate = gateAfter({QStringLiteral("echo 'echo hi' > run.sh")});
    gate->recordDecision(QStringLiteral("sh run.sh"), ApprovalDecision::Once);
    QCOMPARE(gate->check(QStringLiteral("sh run.sh")).verdict, SafetyGate::Verdict::Ask);
}

void tst_SafetyGate::configApprovalDoesNotCoverAWrittenFile()
{
    // "Always" from an earlier run: this run's run.sh is not the file that was allowed.
    SafetyGate gate(ApprovalPolicy::Ask, {QStringLiteral("sh run.sh")});
    gate.beginRun(Workspace);
    QCOMPARE(gate.check(QStringLiteral("sh run.sh")).verdict, SafetyGate::Verdict::Run);
    gate.noteCommand(1, QStringLiteral("echo 'rm -rf ~' > run.sh"));
    QCOMPARE(gate.check(QStringLiteral("sh run.sh")).verdict, SafetyGate::Verdict::Ask);
    // The other policies decide as for any risky command.
    QCOMPARE(gateAfter({QStringLiteral("echo id > x.sh")}, ApprovalPolicy::Safe)
                 ->check(QStringLiteral("sh x.sh"))
                 .verdict,
             SafetyGate::Verdict::Deny);
    QCOMPARE(gateAfter({QStringLiteral("echo id > x.sh")}, ApprovalPolicy::All)
                 ->check(QStringLiteral("sh x.sh"))
                 .verdict,
             SafetyGate::Verdict::Run);
}

void tst_SafetyGate::sandboxReportAddsFiles()
{
    // The text shows no write (a program wrote it), the sandbox's audit does.
    const auto gate = gateAfter({QStringLiteral("python3 gen.py")});
    QVERIFY(
        !gate->check(QStringLiteral("git commit -m x")).assessment.ruleIds.contains(WrittenRule));
    gate->noteReportedFiles(1, {QStringLiteral(".git/hooks/pre-commit")});
    const SafetyGate::Check check = gate->check(QStringLiteral("git commit -m x"));
    QVERIFY(check.assessment.ruleIds.contains(WrittenRule));
    QCOMPARE(check.writtenFiles.size(), 1);
    QCOMPARE(check.writtenFiles.first().path, QStringLiteral("/work/ws/.git/hooks/pre-commit"));
    QCOMPARE(check.writtenFiles.first().stepId, 1);
    // A report never takes a file away: one that leaves a written file out changes nothing.
    gate->noteCommand(2, QStringLiteral("echo id > x.sh"));
    gate->noteReportedFiles(2, {});
    QVERIFY(gate->check(QStringLiteral("sh x.sh")).assessment.ruleIds.contains(WrittenRule));
}

void tst_SafetyGate::newRunForgetsTheWrites()
{
    const auto gate = gateAfter({QStringLiteral("echo id > x.sh")});
    QVERIFY(gate->check(QStringLiteral("sh x.sh")).assessment.ruleIds.contains(WrittenRule));
    gate->beginRun(Workspace);
    QVERIFY(!gate->check(QStringLiteral("sh x.sh")).assessment.isRisky());
}

// Issue 27: a runbook's command of several lines is flagged where it is asked about.
void tst_SafetyGate::multiLineCommandIsFlagged()
{
    const SafetyGate gate(ApprovalPolicy::Ask, {});
    const SafetyGate::Check check = gate.check(QStringLiteral("ls\nrm -rf build\nls\n"));
    QCOMPARE(check.verdict, SafetyGate::Verdict::Ask);
    QCOMPARE(check.assessment.risk, QStringLiteral("high"));
    QCOMPARE(check.assessment.ruleIds,
             (QStringList{QStringLiteral("recursive-delete"), QStringLiteral("multi-line")}));
    QVERIFY2(check.assessment.reasons.last().contains(QLatin1String("3 lines")),
             qPrintable(check.assessment.reasons.last()));
    // Harmless lines run without a question, however many there are.
    QVERIFY(!gate.check(QStringLiteral("ls\npwd")).assessment.isRisky());
    QCOMPARE(gate.check(QStringLiteral("rm -rf build\n")).assessment.ruleIds,
             QStringList{QStringLiteral("recursive-delete")});
}

// Mount mode and the host sandbox: whatever changed a file, the host sees its change time.
void tst_SafetyGate::hostSeesFilesChangedDuringTheRun()
{
    QTemporaryDir host;
    QVERIFY(host.isValid());
    const auto write = [&host](const QString &name, const QByteArray &text) {
        QFile file(host.filePath(name));
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Append));
        file.write(text);
    };
    write(QStringLiteral("old.sh"), "echo old\n");
    write(QStringLiteral("tool"), "echo tool\n");
    QTest::qWait(30); // file times tick in milliseconds
    SafetyGate gate(ApprovalPolicy::Ask, {});
    gate.setHostView(QStringLiteral("/workspace"), host.path());
    gate.beginRun(QStringLiteral("/workspace"));
    // There before the run, untouched: nothing to ask.
    QVERIFY(!gate.check(QStringLiteral("sh old.sh")).assessment.isRisky());
    QVERIFY(!gate.check(QStringLiteral("./tool")).assessment.isRisky());
    // Changed by a program whose writes no command text shows.
    write(QStringLiteral("old.sh"), "rm -rf ~\n");
    QVERIFY(
        QFile::link(host.filePath(QStringLiteral("tool")), host.filePath(QStringLiteral("link"))));
    SafetyGate::Check check = gate.check(QStringLiteral("sh old.sh"));
    QCOMPARE(check.verdict, SafetyGate::Verdict::Ask);
    QCOMPARE(
        check.assessment.reasons,
        QStringList{QStringLiteral("Runs code this run wrote: old.sh (changed during this run)")});
    QCOMPARE(check.writtenFiles.size(), 1);
    QCOMPARE(check.writtenFiles.first().path, QStringLiteral("/workspace/old.sh"));
    QCOMPARE(check.writtenFiles.first().stepId, 0);
    // A link the run made to an old file.
    QVERIFY(gate.check(QStringLiteral("./link")).assessment.ruleIds.contains(WrittenRule));
    QVERIFY(!gate.check(QStringLiteral("./tool")).assessment.isRisky());
    // An approval holds until the file changes again.
    gate.recordDecision(QStringLiteral("sh old.sh"), ApprovalDecision::Session);
    QCOMPARE(gate.check(QStringLiteral("sh old.sh")).verdict, SafetyGate::Verdict::Run);
    QTest::qWait(20);
    write(QStringLiteral("old.sh"), "echo again\n");
    QCOMPARE(gate.check(QStringLiteral("sh old.sh")).verdict, SafetyGate::Verdict::Ask);
    // Outside the folder the host sees, it cannot tell.
    QVERIFY(!gate.check(QStringLiteral("sh /elsewhere/old.sh")).assessment.isRisky());
}

// git init makes a .git/config the audit reports; where the host can read it, only one that
// makes git run a program asks before the next git command.
void tst_SafetyGate::reportedGitConfigCountsWhenItRunsCode()
{
    QTemporaryDir host;
    QVERIFY(host.isValid());
    QVERIFY(QDir(host.path()).mkpath(QStringLiteral(".git")));
    const auto writeConfig = [&host](const QByteArray &text) {
        QFile file(host.filePath(QStringLiteral(".git/config")));
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(text);
    };
    SafetyGate gate(ApprovalPolicy::Ask, {});
    gate.setHostView(QStringLiteral("/workspace"), host.path());
    gate.beginRun(QStringLiteral("/workspace"));
    writeConfig("[core]\n\trepositoryformatversion = 0\n\tbare = false\n[user]\n\tname = x\n");
    gate.noteCommand(1, QStringLiteral("git init"));
    gate.noteReportedFiles(1, {QStringLiteral(".git/config")});
    QVERIFY(!gate.check(QStringLiteral("git commit -m x")).assessment.isRisky());
    writeConfig("[core]\n\tbare = false\n\tfsmonitor = \"touch /tmp/owned\"\n");
    gate.noteReportedFiles(2, {QStringLiteral(".git/config")});
    QVERIFY(gate.check(QStringLiteral("git commit -m x")).assessment.ruleIds.contains(WrittenRule));
    writeConfig("[alias \"st\"]\n[include]\n\tpath = ../evil\n");
    QVERIFY(gate.check(QStringLiteral("git status")).assessment.ruleIds.contains(WrittenRule));

    // Where the host cannot look (a VM), a reported config counts.
    const auto vm = gateAfter({QStringLiteral("git init")});
    vm->noteReportedFiles(1, {QStringLiteral(".git/config")});
    QVERIFY(vm->check(QStringLiteral("git status")).assessment.ruleIds.contains(WrittenRule));
}

QTEST_GUILESS_MAIN(tst_SafetyGate)

#include "tst_safetygate.moc"
