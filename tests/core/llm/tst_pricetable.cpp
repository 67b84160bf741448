// PriceTable: what a request cost, from the providers' list prices or the user's own, and nothing
// for a model nobody priced (a local server's).
#include "core/llm/PriceTable.h"

#include <QTest>

using Terrarium::Core::LlmUsage;
using Terrarium::Core::ModelPrice;
using Terrarium::Core::PriceTable;

class tst_PriceTable : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void defaultsCoverTheDefaultModels_data();
    void defaultsCoverTheDefaultModels();
    void unknownAndLocalModelsHaveNoPrice();
    void cachedTokensCostTheirOwnPrice();
    void theUsersPricesComeFirst();
    void parse_data();
    void parse();
};

void tst_PriceTable::defaultsCoverTheDefaultModels_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<double>("input");
    QTest::addColumn<double>("output");
    // ConfigLoader::defaultModel()'s four, and dated snapshots of them.
    QTest::newRow("claude-sonnet-4-5") << "claude-sonnet-4-5" << 3.0 << 15.0;
    QTest::newRow("claude-sonnet-4-5 snapshot") << "claude-sonnet-4-5-20250929" << 3.0 << 15.0;
    QTest::newRow("claude-haiku-4-5") << "claude-haiku-4-5" << 1.0 << 5.0;
    QTest::newRow("gpt-4.1") << "gpt-4.1" << 2.0 << 8.0;
    QTest::newRow("gpt-4.1 snapshot") << "gpt-4.1-2025-04-14" << 2.0 << 8.0;
    QTest::newRow("gpt-4.1-mini") << "gpt-4.1-mini" << 0.4 << 1.6;
    // A longer prefix wins: Sonnet 4 by its dated name is not Sonnet 4.5.
    QTest::newRow("claude-sonnet-4 dated") << "claude-sonnet-4-20250514" << 3.0 << 15.0;
    QTest::newRow("claude-opus-4-1") << "claude-opus-4-1-20250805" << 15.0 << 75.0;
    QTest::newRow("claude-opus-4-5") << "claude-opus-4-5" << 5.0 << 25.0;
}

void tst_PriceTable::defaultsCoverTheDefaultModels()
{
    QFETCH(QString, model);
    QFETCH(double, input);
    QFETCH(double, output);
    const std::optional<ModelPrice> price = PriceTable::defaults().price(model);
    QVERIFY(price);
    QCOMPARE(price->input, input);
    QCOMPARE(price->output, output);
}

void tst_PriceTable::unknownAndLocalModelsHaveNoPrice()
{
    const PriceTable table = PriceTable::defaults();
    for (const char *model : {"llama3.1:8b", "qwen2.5-coder", "gpt-4.10", "claude", "", "gpt-4"})
        QVERIFY2(!table.price(QLatin1String(model)), model);
}

void tst_PriceTable::cachedTokensCostTheirOwnPrice()
{
    const ModelPrice sonnet = *PriceTable::defaults().price(QStringLiteral("claude-sonnet-4-5"));
    // 10,000 prompt tokens of which 8,000 read from the cache and 1,000 written to it, 500 out.
    const LlmUsage usage{.inputTokens = 10000,
                         .outputTokens = 500,
                         .cachedInputTokens = 8000,
                         .cacheWriteTokens = 1000};
    const double expected = (1000 * 3.0 + 8000 * 0.3 + 1000 * 3.75 + 500 * 15.0) / 1e6;
    QCOMPARE(sonnet.cost(usage), expected);
    // Without a cache the whole prompt costs the input price.
    QCOMPARE(sonnet.cost(LlmUsage{.inputTokens = 1000000, .outputTokens = 0}), 3.0);
    // Counts that do not add up (a provider's mistake) never make a negative cost.
    QVERIFY(sonnet.cost(LlmUsage{.inputTokens = 10, .outputTokens = 0, .cachedInputTokens = 50})
            >= 0);
}

void tst_PriceTable::theUsersPricesComeFirst()
{
    PriceTable table = PriceTable::defaults();
    table.set(QStringLiteral("gpt-4.1"), ModelPrice{1, 0.25, 1, 4});
    table.set(QStringLiteral("llama3.1*"), ModelPrice{0.01, 0, 0.01, 0.02});
    QCOMPARE(table.price(QStringLiteral("gpt-4.1"))->input, 1.0);
    QCOMPARE(table.price(QStringLiteral("llama3.1:70b"))->output, 0.02);
    // Another model of the same family keeps its default.
    QCOMPARE(table.price(QStringLiteral("gpt-4.1-mini"))->input, 0.4);
}

void tst_PriceTable::parse_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<double>("cacheWrite");
    QTest::newRow("three") << "3 0.3 15" << true << 3.0;
    QTest::newRow("four, commas") << "3, 0.3, 15, 3.75" << true << 3.75;
    QTest::newRow("two") << "3 15" << false << 0.0;
    QTest::newRow("words") << "three dollars" << false << 0.0;
    QTest::newRow("negative") << "3 -1 15" << false << 0.0;
    QTest::newRow("empty") << "" << false << 0.0;
}

void tst_PriceTable::parse()
{
    QFETCH(QString, text);
    QFETCH(bool, valid);
    QFETCH(double, cacheWrite);
    const auto price = PriceTable::parse(text);
    QCOMPARE(price.has_value(), valid);
    if (valid) {
        QCOMPARE(price->cacheWrite, cacheWrite);
        QCOMPARE(price->output, 15.0);
    } else {
        QVERIFY(price.error().message.contains(text));
    }
}

QTEST_GUILESS_MAIN(tst_PriceTable)
#include "tst_pricetable.moc"
