#include "core/safety/CommandUnwrapper.h"

#include <QTest>

using namespace Terrarium::Core;

namespace {

// "2 direct: rm -rf /" — offset, how it runs, and the words, one string per invocation.
QStringList render(const QList<CommandUnwrapper::Invocation> &invocations)
{
    QStringList out;
    for (const CommandUnwrapper::Invocation &invocation : invocations) {
        QString via;
        switch (invocation.via) {
        case CommandUnwrapper::Via::Direct:
            via = QStringLiteral("direct");
            break;
        case CommandUnwrapper::Via::Xargs:
            via = QStringLiteral("xargs");
            break;
        case CommandUnwrapper::Via::FindExec:
            via = QStringLiteral("find");
            break;
        }
        out.append(QStringLiteral("%1 %2: %3")
                       .arg(invocation.offset)
                       .arg(via, invocation.words.join(u' ')));
    }
    return out;
}

QStringList words(const char *line)
{
    return QString::fromUtf8(line).split(u' ', Qt::SkipEmptyParts);
}

} // namespace

class tst_CommandUnwrapper : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void invocations_data();
    void invocations();
    void envSplitStringHonoursQuotes();
    void wrappersAreRecorded();
    void programName_data();
    void programName();
};

void tst_CommandUnwrapper::invocations_data()
{
    QTest::addColumn<QStringList>("input");
    QTest::addColumn<QStringList>("expected");

    auto row = [](const char *name, const char *line, const QStringList &expected) {
        QTest::newRow(name) << words(line) << expected;
    };
    row("plain", "rm -rf /", {QStringLiteral("0 direct: rm -rf /")});
    row("empty", "", {});
    row("sudo", "sudo rm x", {QStringLiteral("1 direct: rm x")});
    row("sudo with user", "sudo -u root -E -- rm x", {QStringLiteral("5 direct: rm x")});
    row("sudo attached user", "sudo -uroot rm x", {QStringLiteral("2 direct: rm x")});
    row("sudo user containing e", "sudo -uelmo rm x", {QStringLiteral("2 direct: rm x")});
    row("sudo long user", "sudo --user=root rm x", {QStringLiteral("2 direct: rm x")});
    row("sudo long user separate", "sudo --user root rm x", {QStringLiteral("3 direct: rm x")});
    row("sudo host", "sudo -h build rm x", {QStringLiteral("3 direct: rm x")});
    row("sudo assignment", "sudo FOO=1 rm x", {QStringLiteral("2 direct: rm x")});
    row("sudo alone", "sudo -v", {});
    row("sudoedit", "sudo -e /etc/hosts", {QStringLiteral("0 direct: sudoedit /etc/hosts")});
    row("doas", "doas -u root rm x", {QStringLiteral("3 direct: rm x")});
    row("env", "env -i A=1 B=2 rm x", {QStringLiteral("4 direct: rm x")});
    row("env unset", "env -u HOME rm x", {QStringLiteral("3 direct: rm x")});
    row("env chdir", "env --chdir /tmp rm x", {QStringLiteral("3 direct: rm x")});
    row("env dash", "env - rm x", {QStringLiteral("2 direct: rm x")});
    row("env signal option takes no word", "env --block-signal rm x",
        {QStringLiteral("2 direct: rm x")});
    row("nice", "nice -n 10 rm x", {QStringLiteral("3 direct: rm x")});
    row("nice short", "nice -10 rm x", {QStringLiteral("2 direct: rm x")});
    row("ionice", "ionice -c3 rm x", {QStringLiteral("2 direct: rm x")});
    row("ionice on a pid", "ionice -p 42", {});
    row("nohup", "nohup rm x", {QStringLiteral("1 direct: rm x")});
    row("timeout", "timeout 5 rm x", {QStringLiteral("2 direct: rm x")});
    row("timeout with options", "timeout -k 1 -s KILL 5m rm x", {QStringLiteral("6 direct: rm x")});
    row("time", "time -p rm x", {QStringLiteral("2 direct: rm x")});
    row("command", "command rm x", {QStringLiteral("1 direct: rm x")});
    row("command -v", "command -v rm", {});
    row("exec", "exec -a name rm x", {QStringLiteral("3 direct: rm x")});
    row("builtin", "builtin rm x", {QStringLiteral("1 direct: rm x")});
    row("stdbuf", "stdbuf -o L rm x", {QStringLiteral("3 direct: rm x")});
    row("chroot", "chroot /mnt rm x", {QStringLiteral("2 direct: rm x")});
    row("busybox", "busybox rm x", {QStringLiteral("1 direct: rm x")});
    row("taskset", "taskset -c 0,1 rm x", {QStringLiteral("3 direct: rm x")});
    row("taskset on a pid", "taskset -p 42", {});
    row("flock", "flock -w 5 /tmp/l rm x", {QStringLiteral("4 direct: rm x")});
    row("flock -c", "flock /tmp/l -c cmd", {QStringLiteral("0 direct: flock /tmp/l -c cmd")});
    row("pkexec", "pkexec --user bob rm x", {QStringLiteral("3 direct: rm x")});
    row("runuser -u", "runuser -u bob -- rm x", {QStringLiteral("4 direct: rm x")});
    row("runuser like su", "runuser bob -c cmd", {QStringLiteral("0 direct: runuser bob -c cmd")});
    row("setpriv", "setpriv --reuid 1000 --init-groups rm x", {QStringLiteral("4 direct: rm x")});
    row("setpriv dump", "setpriv -d", {});
    row("flatpak-spawn", "flatpak-spawn --host --env=A=1 rm x", {QStringLiteral("3 direct: rm x")});
    row("full path wrapper", "/usr/bin/sudo /bin/rm x", {QStringLiteral("1 direct: /bin/rm x")});
    row("chain", "nohup nice sudo env A=1 timeout 9 rm x", {QStringLiteral("7 direct: rm x")});
    row("xargs", "xargs -0 -n 1 rm -f", {QStringLiteral("4 xargs: rm -f")});
    row("xargs replace", "xargs -I {} rm {}", {QStringLiteral("3 xargs: rm {}")});
    row("xargs with sudo", "xargs sudo rm", {QStringLiteral("2 xargs: rm")});
    row("xargs alone", "xargs", {});
    row("find itself", "find . -name x", {QStringLiteral("0 direct: find . -name x")});
    row("find -exec", "find . -exec rm {} ; -print",
        {QStringLiteral("0 direct: find . -exec rm {} ; -print"), QStringLiteral("3 find: rm {}")});
    row("find -exec +", "find . -execdir rm -f {} +",
        {QStringLiteral("0 direct: find . -execdir rm -f {} +"),
         QStringLiteral("3 find: rm -f {}")});
    row("find two -exec", "find . -exec chmod 600 {} ; -ok rm {} ;",
        {QStringLiteral("0 direct: find . -exec chmod 600 {} ; -ok rm {} ;"),
         QStringLiteral("3 find: chmod 600 {}"), QStringLiteral("8 find: rm {}")});
    row("find -exec sudo", "find / -exec sudo rm {} +",
        {QStringLiteral("0 direct: find / -exec sudo rm {} +"), QStringLiteral("4 find: rm {}")});
    row("sudo find", "sudo find . -delete", {QStringLiteral("1 direct: find . -delete")});
    row("option missing its value", "sudo -u", {});
}

void tst_CommandUnwrapper::invocations()
{
    QFETCH(QStringList, input);
    QFETCH(QStringList, expected);
    QCOMPARE(render(CommandUnwrapper::invocations(input)), expected);
}

void tst_CommandUnwrapper::envSplitStringHonoursQuotes()
{
    const QStringList input{QStringLiteral("env"), QStringLiteral("-S"),
                            QStringLiteral("psql -c 'DROP TABLE \"x y\"' \\'db")};
    const QList<CommandUnwrapper::Invocation> invocations = CommandUnwrapper::invocations(input);
    QCOMPARE(invocations.size(), 1);
    QCOMPARE(invocations.first().words,
             (QStringList{QStringLiteral("psql"), QStringLiteral("-c"),
                          QStringLiteral("DROP TABLE \"x y\""), QStringLiteral("'db")}));
}

void tst_CommandUnwrapper::wrappersAreRecorded()
{
    const QList<CommandUnwrapper::Invocation> invocations =
        CommandUnwrapper::invocations(words("nohup sudo -u bob env A=1 pkexec rm x"));
    QCOMPARE(invocations.size(), 1);
    QCOMPARE(invocations.first().wrappers,
             (QList<QStringList>{words("nohup"), words("sudo -u bob"), words("env A=1"),
                                 words("pkexec")}));
    QCOMPARE(CommandUnwrapper::invocations(words("find . -exec rm {} ;")).last().wrappers,
             QList<QStringList>{words("find . -exec")});
}

void tst_CommandUnwrapper::programName_data()
{
    QTest::addColumn<QString>("word");
    QTest::addColumn<QString>("name");
    QTest::newRow("bare") << QStringLiteral("rm") << QStringLiteral("rm");
    QTest::newRow("absolute") << QStringLiteral("/usr/bin/rm") << QStringLiteral("rm");
    QTest::newRow("relative") << QStringLiteral("./install.sh") << QStringLiteral("install.sh");
    QTest::newRow("trailing slash") << QStringLiteral("dir/") << QStringLiteral("dir/");
    QTest::newRow("empty") << QString() << QString();
}

void tst_CommandUnwrapper::programName()
{
    QFETCH(QString, word);
    QFETCH(QString, name);
    QCOMPARE(CommandUnwrapper::programName(word), name);
}

QTEST_GUILESS_MAIN(tst_CommandUnwrapper)

#include "tst_commandunwrapper.moc"
