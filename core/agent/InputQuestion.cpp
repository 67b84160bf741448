#include "InputQuestion.h"

#include "core/output/VisibleText.h"
#include "core/safety/ShellLexer.h"

#include <QRegularExpression>

namespace Terrarium::Core {

namespace {

// A command line longer than this says nothing more as a question; only its start is shown.
constexpr qsizetype CommandChars = 200;

// One line of the command's text, safe to show.
QString shown(const QString &text)
{
    return VisibleText::escape(text.simplified());
}

// Options of bash's read that take an argument (help read).
bool takesArgument(QChar option)
{
    return QStringView(u"adinNptu").contains(option);
}

} // namespace

Events::InputRequired InputQuestion::ask(int stepId, const QString &command,
                                         const QString &partialLine, const QString &lastWords,
                                         int answers)
{
    using From = Events::InputRequired::PromptFrom;
    const QList<Read> found = reads(command);
    const Read waiting = answers >= 0 && answers < found.size() ? found.at(answers) : Read{};
    const QString secretHint = waiting.secret ? QStringLiteral("password") : QString();
    const auto question = [&](const QString &prompt, From from) {
        return Events::InputRequired{.stepId = stepId,
                                     .prompt = prompt,
                                     .hint = secretHint.isEmpty() ? hint(prompt) : secretHint,
                                     .from = from};
    };
    // Kept as printed (trailing blank included), as the command's own text.
    if (!partialLine.trimmed().isEmpty())
        return question(VisibleText::escape(partialLine), From::Output);
    if (!waiting.prompt.trimmed().isEmpty())
        return question(shown(waiting.prompt), From::Read);
    if (!lastWords.trimmed().isEmpty())
        return question(VisibleText::escape(lastWords), From::Output);
    QString line = command.simplified();
    if (line.size() > CommandChars)
        line = line.left(CommandChars - 1) + QChar(0x2026);
    return question(VisibleText::escape(line), From::Command);
}

QList<InputQuestion::Read> InputQuestion::reads(const QString &command)
{
    QList<Read> found;
    for (const ShellCommand &each : ShellLexer::lex(command)) {
        if (each.words.isEmpty() || each.words.first() != QLatin1String("read"))
            continue;
        Read read;
        bool otherInput = false; // -u N: reads another file descriptor, not stdin
        // getopt's way: options cluster (-rsp), an argument is the option's rest or next word.
        for (qsizetype i = 1; i < each.words.size(); ++i) {
            const QString &word = each.words.at(i);
            if (word == QLatin1String("--") || word.size() < 2 || !word.startsWith(u'-'))
                break;
            for (qsizetype at = 1; at < word.size(); ++at) {
                const QChar option = word.at(at);
                if (option == u's')
                    read.secret = true;
                if (!takesArgument(option))
                    continue;
                QString argument = word.mid(at + 1);
                if (argument.isEmpty() && i + 1 < each.words.size())
                    argument = each.words.at(++i);
                if (option == u'p')
                    read.prompt = argument;
                else if (option == u'u')
                    otherInput = argument != QLatin1String("0");
                break;
            }
        }
        if (!otherInput)
            found.append(read);
    }
    return found;
}

QString InputQuestion::hint(const QString &prompt)
{
    static const QRegularExpression confirmation(
        QStringLiteral(R"(\[\s*[yY]\s*/\s*[nN]\s*\]|\(\s*yes\s*/\s*no\b)"));
    static const QRegularExpression password(
        QStringLiteral(R"((password|passphrase|passwort|pin)[^:\n]*:\s*$)"),
        QRegularExpression::CaseInsensitiveOption);
    if (password.match(prompt).hasMatch())
        return QStringLiteral("password");
    if (confirmation.match(prompt).hasMatch())
        return QStringLiteral("confirmation");
    return {};
}

} // namespace Terrarium::Core
