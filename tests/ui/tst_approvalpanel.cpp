// The approval panel shows what would run as it is: escaped, with every line counted, and the
// files of this run the command runs (issue 27).
#include "ui/ApprovalPanel.h"

#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

using namespace Terrarium;
using Terrarium::Core::Events::ApprovalFile;
using Terrarium::Widgets::ApprovalPanel;

class tst_ApprovalPanel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void showsTheCommandEscaped();
    void countsTheLinesOfARunbookCommand();
    void showsTheFirstLinesOfWrittenFiles();
    void denyHasTheFocus();
};

void tst_ApprovalPanel::showsTheCommandEscaped()
{
    ApprovalPanel panel;
    // A right-to-left override makes "rm -rf ~ #hs.pets" read as something else.
    panel.ask(1, QStringLiteral("rm -rf ~ #\u202Ehs.pets\u200B\x1b[2K"), QStringLiteral("high"),
              {QStringLiteral("Deletes \u202Eit")});
    QCOMPARE(panel.command(), QStringLiteral("rm -rf ~ #\\u202ehs.pets\\u200b\\x1b[2K"));
    QVERIFY(!panel.heading().contains(QLatin1String("lines")));
    QVERIFY(panel.findChild<QLabel *>() != nullptr);
    bool reasonEscaped = false;
    for (const QLabel *label : panel.findChildren<QLabel *>())
        reasonEscaped = reasonEscaped || label->text() == QStringLiteral("• Deletes \\u202eit");
    QVERIFY(reasonEscaped);
}

void tst_ApprovalPanel::countsTheLinesOfARunbookCommand()
{
    ApprovalPanel panel;
    panel.ask(2, QStringLiteral("cd build\nls\nrm -rf out\nmake\nmake install\n"),
              QStringLiteral("high"), {});
    QVERIFY2(panel.heading().contains(QLatin1String("It has 5 lines")),
             qPrintable(panel.heading()));
    QCOMPARE(panel.command(), QStringLiteral("cd build\nls\nrm -rf out\nmake\nmake install"));
}

void tst_ApprovalPanel::showsTheFirstLinesOfWrittenFiles()
{
    ApprovalPanel panel;
    QVERIFY(panel.writtenFilesText().isEmpty());
    panel.ask(3, QStringLiteral("sh run.sh"), QStringLiteral("medium"),
              {QStringLiteral("Runs code this run wrote: run.sh (step 1)")},
              {ApprovalFile{.path = QStringLiteral("/w/run.sh"),
                            .stepId = 1,
                            .linesFrom = ApprovalFile::LinesFrom::Sandbox,
                            .firstLines = {QStringLiteral("#!/bin/sh"),
                                           QStringLiteral("echo \x1b]0;owned\x07 hi")},
                            .moreLines = true,
                            .binary = false,
                            .readError = {}},
               ApprovalFile{.path = QStringLiteral("/tmp/job.sh"),
                            .stepId = 2,
                            .linesFrom = ApprovalFile::LinesFrom::Command,
                            .firstLines = {QStringLiteral("echo one")},
                            .moreLines = false,
                            .binary = false,
                            .readError = QStringLiteral("outside the workspace")},
               ApprovalFile{.path = QStringLiteral("/w/tool"),
                            .stepId = 2,
                            .linesFrom = ApprovalFile::LinesFrom::Sandbox,
                            .firstLines = {},
                            .moreLines = false,
                            .binary = true,
                            .readError = {}}});
    const QString shown = panel.writtenFilesText();
    const QStringList expected{
        QStringLiteral("/w/run.sh (written by step 1) begins, as it is in the sandbox now:"),
        QStringLiteral("    #!/bin/sh"),
        QStringLiteral("    echo \\x1b]0;owned\\x07 hi"),
        QStringLiteral("    … (more lines)"),
        QStringLiteral("/tmp/job.sh (written by step 2) begins, as the command that wrote it had "
                       "it (the sandbox could not be read: outside the workspace):"),
        QStringLiteral("    echo one"),
        QStringLiteral("/w/tool (written by step 2) is a binary file, not text.")};
    QCOMPARE(shown.split(u'\n'), expected);
    // The next question without files shows none.
    panel.ask(4, QStringLiteral("rm -rf build"), QStringLiteral("high"), {});
    QVERIFY(panel.writtenFilesText().isEmpty());
}

void tst_ApprovalPanel::denyHasTheFocus()
{
    ApprovalPanel panel;
    panel.show();
    panel.ask(1, QStringLiteral("rm -rf build"), QStringLiteral("high"), {});
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QCOMPARE(panel.focusWidget(), panel.button(Core::ApprovalDecision::Deny));
}

QTEST_MAIN(tst_ApprovalPanel)

#include "tst_approvalpanel.moc"
