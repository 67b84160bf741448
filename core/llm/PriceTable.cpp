#include "PriceTable.h"

#include "core/CoreTr.h"

#include <QRegularExpression>

#include <algorithm>

namespace Terrarium::Core {

double ModelPrice::cost(const LlmUsage &usage) const
{
    const qint64 cached = std::max<qint64>(usage.cachedInputTokens, 0);
    const qint64 written = std::max<qint64>(usage.cacheWriteTokens, 0);
    const qint64 plain = std::max<qint64>(usage.inputTokens - cached - written, 0);
    return (double(plain) * input + double(cached) * cachedInput + double(written) * cacheWrite
            + double(std::max<qint64>(usage.outputTokens, 0)) * output)
        / 1e6;
}

PriceTable PriceTable::defaults()
{
    // List prices in US dollars per million tokens: input, cache read, cache write (Anthropic's
    // 5-minute writes; OpenAI bills none), output. From the providers' pricing pages, 2026.
    PriceTable table;
    const auto add = [&table](const char *model, double input, double cached, double write,
                              double output) {
        table.set(QLatin1String(model), ModelPrice{input, cached, write, output});
    };
    add("claude-opus-4-5*", 5, 0.5, 6.25, 25);
    add("claude-opus-4-6*", 5, 0.5, 6.25, 25);
    add("claude-opus-4-1*", 15, 1.5, 18.75, 75);
    // Opus 4 and Sonnet 4 by alias (-0) and by dated name (claude-sonnet-4-20250514).
    add("claude-opus-4-0*", 15, 1.5, 18.75, 75);
    add("claude-opus-4-2*", 15, 1.5, 18.75, 75);
    add("claude-sonnet-4-5*", 3, 0.3, 3.75, 15);
    add("claude-sonnet-4-0*", 3, 0.3, 3.75, 15);
    add("claude-sonnet-4-2*", 3, 0.3, 3.75, 15);
    add("claude-haiku-4-5*", 1, 0.1, 1.25, 5);
    add("claude-3-5-haiku*", 0.8, 0.08, 1, 4);
    add("gpt-4.1", 2, 0.5, 2, 8);
    add("gpt-4.1-2*", 2, 0.5, 2, 8);
    add("gpt-4.1-mini*", 0.4, 0.1, 0.4, 1.6);
    add("gpt-4.1-nano*", 0.1, 0.025, 0.1, 0.4);
    add("gpt-4o", 2.5, 1.25, 2.5, 10);
    add("gpt-4o-2*", 2.5, 1.25, 2.5, 10);
    add("gpt-4o-mini*", 0.15, 0.075, 0.15, 0.6);
    return table;
}

void PriceTable::set(const QString &model, const ModelPrice &price)
{
    m_entries.removeIf([&model](const Entry &entry) { return entry.model == model; });
    m_entries.append({model, price});
}

std::optional<ModelPrice> PriceTable::price(const QString &model) const
{
    const Entry *best = nullptr;
    qsizetype bestLength = -1;
    for (const Entry &entry : m_entries) {
        if (entry.model == model)
            return entry.price;
        if (!entry.model.endsWith(u'*'))
            continue;
        const QStringView prefix = QStringView(entry.model).chopped(1);
        if (model.startsWith(prefix) && prefix.size() > bestLength) {
            best = &entry;
            bestLength = prefix.size();
        }
    }
    if (!best)
        return std::nullopt;
    return best->price;
}

Result<ModelPrice> PriceTable::parse(const QString &text)
{
    static const QRegularExpression separators(QStringLiteral("[\\s,]+"));
    const QStringList parts = text.trimmed().split(separators, Qt::SkipEmptyParts);
    QList<double> numbers;
    for (const QString &part : parts) {
        bool ok = false;
        const double number = part.toDouble(&ok);
        if (!ok || number < 0 || number > 100000) {
            numbers.clear();
            break;
        }
        numbers.append(number);
    }
    if (numbers.size() != 3 && numbers.size() != 4)
        return makeError(ErrorCode::Configuration,
                         Tr::tr("A price is \"input cached output\" or \"input cached output "
                                "cache_write\" in dollars per million tokens, not \"%1\".")
                             .arg(text));
    return ModelPrice{numbers[0], numbers[1], numbers.size() == 4 ? numbers[3] : numbers[0],
                      numbers[2]};
}

} // namespace Terrarium::Core
