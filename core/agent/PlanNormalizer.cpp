#include "PlanNormalizer.h"

#include "core/output/VisibleText.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace Terrarium::Core {

namespace {

QString cleanTitle(QString title)
{
    // Step titles are shown everywhere (checklist, cards, logs, approvals): control and bidi
    // characters from the model become visible escapes instead of rearranging what is shown.
    title = VisibleText::escape(title.simplified());
    // Models sometimes bold or quote list items: "**Install pytest**".
    while (title.size() >= 2 && title.startsWith(u'*') && title.endsWith(u'*'))
        title = title.mid(1, title.size() - 2).trimmed();
    if (title.size() > PlanNormalizer::MaxTitleLength)
        title = title.left(PlanNormalizer::MaxTitleLength);
    return title;
}

QString titleFromValue(const QJsonValue &value)
{
    if (value.isString())
        return value.toString();
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        static const char *const keys[] = {"title", "step",   "description", "name",
                                           "task",  "action", "text",        "summary"};
        for (const char *key : keys) {
            const QJsonValue field = object.value(QLatin1String(key));
            if (field.isString() && !field.toString().trimmed().isEmpty())
                return field.toString();
        }
    }
    return {};
}

std::optional<QStringList> stepsFromArray(const QJsonArray &array)
{
    QStringList steps;
    for (const QJsonValue &value : array) {
        const QString title = cleanTitle(titleFromValue(value));
        if (!title.isEmpty())
            steps.append(title);
        if (steps.size() > PlanNormalizer::MaxSteps)
            return std::nullopt;
    }
    if (steps.isEmpty())
        return std::nullopt;
    return steps;
}

std::optional<QStringList> stepsFromJson(const QJsonValue &value, int depth = 0)
{
    if (depth > 3)
        return std::nullopt;
    if (value.isArray())
        return stepsFromArray(value.toArray());
    if (!value.isObject())
        return std::nullopt;
    const QJsonObject object = value.toObject();
    static const char *const keys[] = {"plan", "steps", "tasks", "remaining_plan", "actions"};
    for (const char *key : keys) {
        const QJsonValue field = object.value(QLatin1String(key));
        if (field.isArray() || field.isObject()) {
            if (auto steps = stepsFromJson(field, depth + 1))
                return steps;
        }
    }
    return std::nullopt;
}

std::optional<QStringList> parseJson(const QString &text)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(text.toUtf8(), &error);
    if (error.error != QJsonParseError::NoError)
        return std::nullopt;
    if (document.isArray())
        return stepsFromJson(document.array());
    return stepsFromJson(document.object());
}

// The outermost {...} or [...] in prose such as "Here is the plan: {...} Good luck".
std::optional<QStringList> parseEmbeddedJson(const QString &text)
{
    for (const auto &[open, close] : {std::pair{u'{', u'}'}, std::pair{u'[', u']'}}) {
        const qsizetype first = text.indexOf(open);
        const qsizetype last = text.lastIndexOf(close);
        if (first >= 0 && last > first) {
            if (auto steps = parseJson(text.mid(first, last - first + 1)))
                return steps;
        }
    }
    return std::nullopt;
}

QString stripCodeFences(const QString &text)
{
    static const QRegularExpression fence(QStringLiteral("```[A-Za-z0-9_+-]*[ \\t]*\\n?(.*?)```"),
                                          QRegularExpression::DotMatchesEverythingOption);
    const QRegularExpressionMatch match = fence.match(text);
    return match.hasMatch() ? match.captured(1) : text;
}

std::optional<QStringList> parseList(const QString &text)
{
    // "1. x", "1) x", "Step 1: x", "- x", "* x", "• x"
    static const QRegularExpression item(
        QStringLiteral("^\\s*(?:(?:step\\s*)?\\d+\\s*[.):\\-]|[-*•])\\s+(.+)$"),
        QRegularExpression::CaseInsensitiveOption);
    QStringList steps;
    const QStringList lines = text.split(u'\n');
    for (const QString &line : lines) {
        const QRegularExpressionMatch match = item.match(line);
        if (!match.hasMatch())
            continue;
        const QString title = cleanTitle(match.captured(1));
        if (!title.isEmpty())
            steps.append(title);
        if (steps.size() > PlanNormalizer::MaxSteps)
            return std::nullopt;
    }
    if (steps.isEmpty())
        return std::nullopt;
    return steps;
}

} // namespace

std::optional<QStringList> PlanNormalizer::normalize(const QString &modelOutput)
{
    const QString trimmed = modelOutput.trimmed();
    if (trimmed.isEmpty())
        return std::nullopt;
    if (auto steps = parseJson(trimmed))
        return steps;
    const QString unfenced = stripCodeFences(trimmed).trimmed();
    if (unfenced != trimmed) {
        if (auto steps = parseJson(unfenced))
            return steps;
    }
    if (auto steps = parseEmbeddedJson(unfenced))
        return steps;
    return parseList(unfenced);
}

} // namespace Terrarium::Core
