#include "core/safety/SafetyGate.h"

#include <QSignalSpy>
#include <QTest>

using namespace Terrarium::Core;

Q_DECLARE_METATYPE(Terrarium::Core::ApprovalPolicy)
Q_DECLARE_METATYPE(Terrarium::Core::ApprovalDecision)
Q_DECLARE_METATYPE(Terrarium::Core::SafetyGate::Verdict)

namespace {

const QString Risky = QStringLiteral("rm -rf build");
const QString Safe = QStringLiteral("ls -la");

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
    QTest::newRow("runs of blanks") << QStringLiteral("a \t  b\n\nc") << QStringLiteral("a b c");
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

QTEST_GUILESS_MAIN(tst_SafetyGate)

#include "tst_safetygate.moc"
