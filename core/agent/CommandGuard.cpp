#include "CommandGuard.h"

#include "core/CoreTr.h"
#include "core/output/VisibleText.h"

namespace Terrarium::Core {

namespace {

// Models like to dress a command up as Markdown: ```bash\nls\n``` or `ls`.
QString stripMarkdown(QString text)
{
    text = text.trimmed();
    if (text.startsWith(QLatin1String("```")) && text.endsWith(QLatin1String("```"))
        && text.size() >= 6) {
        text = text.mid(3, text.size() - 6);
        const qsizetype newline = text.indexOf(u'\n');
        // Drop a language tag on the opening fence ("bash", "sh", "shell").
        if (newline >= 0 && !text.left(newline).trimmed().contains(u' '))
            text = text.mid(newline + 1);
        text = text.trimmed();
    }
    if (text.size() >= 2 && text.startsWith(u'`') && text.endsWith(u'`') && text.count(u'`') == 2)
        text = text.mid(1, text.size() - 2).trimmed();
    if (text.startsWith(QLatin1String("$ ")))
        text = text.mid(2).trimmed();
    return text;
}

QString collapseUnquotedWhitespace(const QString &text)
{
    QString result;
    result.reserve(text.size());
    QChar quote;
    bool escaped = false;
    bool pendingSpace = false;
    for (const QChar c : text) {
        if (quote.isNull() && !escaped && (c == u' ' || c == u'\t')) {
            pendingSpace = true;
            continue;
        }
        if (pendingSpace && !result.isEmpty())
            result += u' ';
        pendingSpace = false;
        result += c;
        if (escaped) {
            escaped = false;
        } else if (c == u'\\' && quote != u'\'') {
            escaped = true;
        } else if (quote.isNull() && (c == u'\'' || c == u'"')) {
            quote = c;
        } else if (c == quote) {
            quote = QChar();
        }
    }
    return result;
}

} // namespace

std::optional<std::pair<QString, qsizetype>> CommandGuard::firstHiddenCharacter(const QString &text)
{
    for (qsizetype i = 0; i < text.size(); ++i) {
        const bool pair =
            text.at(i).isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate();
        const char32_t code = pair ? QChar::surrogateToUcs4(text.at(i), text.at(i + 1))
                                   : char32_t(text.at(i).unicode());
        if (VisibleText::isHidden(code))
            return std::pair{
                QStringLiteral("U+%1").arg(
                    QString::number(quint32(code), 16).toUpper().rightJustified(4, u'0')),
                i};
        if (pair)
            ++i;
    }
    return std::nullopt;
}

Result<void> CommandGuard::checkRecorded(const QString &command, qsizetype *position)
{
    if (position)
        *position = -1;
    if (command.trimmed().isEmpty())
        return makeError(ErrorCode::InvalidInput, Tr::tr("the command is empty"));
    if (const qsizetype nul = command.indexOf(QChar(u'\0')); nul >= 0) {
        if (position)
            *position = nul;
        return makeError(ErrorCode::InvalidInput, Tr::tr("the command contains a NUL character"));
    }
    if (const auto hidden = firstHiddenCharacter(command)) {
        if (position)
            *position = hidden->second;
        return makeError(ErrorCode::InvalidInput,
                         Tr::tr("the command contains the control or invisible character %1; a "
                                "command must be plain text (tabs and newlines are fine), so "
                                "that what is shown is what runs")
                             .arg(hidden->first));
    }
    if (command.size() > MaxLength)
        return makeError(ErrorCode::InvalidInput,
                         Tr::tr("the command is longer than %1 characters").arg(MaxLength));
    return {};
}

Result<QString> CommandGuard::normalize(const QString &command)
{
    const QString text = stripMarkdown(command);
    if (text.isEmpty())
        return makeError(ErrorCode::MalformedResponse, Tr::tr("the command is empty"));
    if (text.contains(u'\n') || text.contains(u'\r'))
        return makeError(ErrorCode::MalformedResponse,
                         Tr::tr("the command spans several lines; it must be one line"));
    if (text.contains(QChar(u'\0')))
        return makeError(ErrorCode::MalformedResponse,
                         Tr::tr("the command contains a NUL character"));
    if (const auto hidden = firstHiddenCharacter(text))
        return makeError(ErrorCode::MalformedResponse,
                         Tr::tr("the command contains the control or invisible character %1 at "
                                "position %2; a command must be plain text, so that what is shown "
                                "is what runs")
                             .arg(hidden->first)
                             .arg(hidden->second + 1));
    if (text.size() > MaxLength)
        return makeError(ErrorCode::MalformedResponse,
                         Tr::tr("the command is longer than %1 characters").arg(MaxLength));
    return collapseUnquotedWhitespace(text);
}

} // namespace Terrarium::Core
