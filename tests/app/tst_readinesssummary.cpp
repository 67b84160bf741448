// What the empty window says the next run will use, and what is missing for it.
#include "app/ReadinessSummary.h"

#include <QTest>

using namespace Terrarium;

class tst_ReadinessSummary : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void namesModelsAndSandbox();
    void saysWhatIsMissing();
};

namespace {

QString nothingInstalled(const QString &)
{
    return {};
}

QString everythingInstalled(const QString &name)
{
    return QStringLiteral("/usr/bin/") + name;
}

} // namespace

void tst_ReadinessSummary::namesModelsAndSandbox()
{
    Core::AppConfig config;
    config.planner = {Core::LlmProvider::Anthropic,
                      {},
                      QStringLiteral("claude-x"),
                      QStringLiteral("sk-secret-value-123")};
    config.executor = {Core::LlmProvider::ChatCompletions,
                       QUrl(QStringLiteral("http://127.0.0.1:11434/v1")),
                       QStringLiteral("qwen"),
                       {}};
    config.sandbox = QStringLiteral("podman");
    const QString text = App::ReadinessSummary::describe(config, everythingInstalled);
    QVERIFY2(text.contains(QLatin1String("Planner: claude-x (Anthropic")), qPrintable(text));
    QVERIFY2(text.contains(QLatin1String("key set")), qPrintable(text));
    QVERIFY2(text.contains(QLatin1String("Executor: qwen")), qPrintable(text));
    QVERIFY2(text.contains(QLatin1String("Podman container, network off")), qPrintable(text));
    // A key is said to be there, never shown.
    QVERIFY(!text.contains(QLatin1String("sk-secret")));
    // The network as the run will have it (a task file's "network: outbound", say).
    config.network = QStringLiteral("outbound");
    for (const char *kind : {"podman", "libvirt"}) {
        config.sandbox = QLatin1String(kind);
        const QString open = App::ReadinessSummary::describe(config, everythingInstalled);
        QVERIFY2(open.contains(QLatin1String("network open for outbound connections"))
                     && !open.contains(QLatin1String("network off")),
                 qPrintable(open));
    }
}

void tst_ReadinessSummary::saysWhatIsMissing()
{
    Core::AppConfig config;
    config.plannerNeedsLocalServer = true;
    config.sandbox = QStringLiteral("podman");
    QString text = App::ReadinessSummary::describe(config, nothingInstalled);
    QVERIFY2(text.contains(QLatin1String("local Ollama or llama.cpp server")), qPrintable(text));
    QVERIFY2(text.contains(QLatin1String("podman is not installed")), qPrintable(text));
    config.sandbox = QStringLiteral("libvirt");
    text = App::ReadinessSummary::describe(config, nothingInstalled);
    QVERIFY2(text.contains(QLatin1String("QEMU is not installed")), qPrintable(text));
    // The network as the run will have it, installed or not.
    config.network = QStringLiteral("outbound");
    text = App::ReadinessSummary::describe(config, nothingInstalled);
    QVERIFY2(text.contains(QLatin1String("network open for outbound connections, but QEMU")),
             qPrintable(text));
    config.sandbox = QStringLiteral("podman");
    text = App::ReadinessSummary::describe(config, nothingInstalled);
    QVERIFY2(text.contains(QLatin1String("network open for outbound connections, but podman")),
             qPrintable(text));
    config.network = QStringLiteral("none");
    config.sandbox = QStringLiteral("host");
    text = App::ReadinessSummary::describe(config, everythingInstalled);
    QVERIFY2(text.contains(QLatin1String("on this computer as you")), qPrintable(text));
}

QTEST_GUILESS_MAIN(tst_ReadinessSummary)
#include "tst_readinesssummary.moc"
