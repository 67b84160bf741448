#include "core/llm/LlmEndpoint.h"

#include <QTest>

using Terrarium::Core::LlmEndpoint;
using Terrarium::Core::LlmProvider;

class tst_LlmEndpoint : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void names_data();
    void names();
    void unknownName_data();
    void unknownName();
};

void tst_LlmEndpoint::names_data()
{
    QTest::addColumn<LlmProvider>("provider");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("displayName");
    QTest::addColumn<QString>("baseUrl");
    QTest::newRow("responses") << LlmProvider::Responses << "responses"
                               << "OpenAI Responses"
                               << "https://api.openai.com/v1";
    QTest::newRow("chat") << LlmProvider::ChatCompletions << "chat"
                          << "Chat Completions"
                          << "https://api.openai.com/v1";
    QTest::newRow("anthropic") << LlmProvider::Anthropic << "anthropic"
                               << "Anthropic Messages"
                               << "https://api.anthropic.com/v1";
}

void tst_LlmEndpoint::names()
{
    QFETCH(LlmProvider, provider);
    QFETCH(QString, name);
    QFETCH(QString, displayName);
    QFETCH(QString, baseUrl);
    QCOMPARE(LlmEndpoint::providerName(provider), name);
    QCOMPARE(LlmEndpoint::providerFromName(name), provider);
    QCOMPARE(LlmEndpoint::providerFromName(QStringLiteral(" %1 ").arg(name.toUpper())), provider);
    QCOMPARE(LlmEndpoint::providerDisplayName(provider), displayName);
    QCOMPARE(LlmEndpoint::defaultBaseUrl(provider), QUrl(baseUrl));
}

void tst_LlmEndpoint::unknownName_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("empty") << QString();
    QTest::newRow("openai") << QStringLiteral("openai");
    QTest::newRow("display name") << QStringLiteral("Chat Completions");
}

void tst_LlmEndpoint::unknownName()
{
    QFETCH(QString, name);
    QVERIFY(!LlmEndpoint::providerFromName(name).has_value());
}

QTEST_GUILESS_MAIN(tst_LlmEndpoint)
#include "tst_llmendpoint.moc"
