#include "KateBashTokenizer.h"

#include <KSyntaxHighlighting/AbstractHighlighter>
#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Format>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/State>
#include <KSyntaxHighlighting/Theme>

#include <QCoreApplication>
#include <QHash>
#include <QThread>

#include <ksyntaxhighlighting_version.h>

namespace Terrarium::Widgets {

namespace {

using Kind = BashTokenizer::Kind;

// The repository of definitions, shared while anyone reads with it (GUI thread only).
std::shared_ptr<KSyntaxHighlighting::Repository> sharedRepository()
{
    Q_ASSERT(!QCoreApplication::instance()
             || QThread::currentThread() == QCoreApplication::instance()->thread());
    static std::weak_ptr<KSyntaxHighlighting::Repository> shared;
    std::shared_ptr<KSyntaxHighlighting::Repository> repository = shared.lock();
    if (!repository) {
        repository = std::make_shared<KSyntaxHighlighting::Repository>();
        shared = repository;
    }
    return repository;
}

// The Bash definition's item names (bash.xml) as the tokenizer's kinds; what is not here is
// plain. text: what the item covers, where one name stands for several kinds.
std::optional<Kind> kindOf(const QString &item, QStringView text)
{
    static const QHash<QString, Kind> kinds{
        {QStringLiteral("Keyword"), Kind::Keyword},
        {QStringLiteral("Control Flow"), Kind::Keyword},
        {QStringLiteral("Builtin"), Kind::Builtin},
        {QStringLiteral("Control"), Kind::Operator},
        {QStringLiteral("String SingleQ"), Kind::String},
        {QStringLiteral("String DoubleQ"), Kind::String},
        {QStringLiteral("String Transl."), Kind::String},
        {QStringLiteral("String Escape"), Kind::Escape},
        {QStringLiteral("Escape"), Kind::Escape},
        {QStringLiteral("Variable"), Kind::Variable},
        {QStringLiteral("Dollar Prefix"), Kind::Variable},
        {QStringLiteral("Backquote"), Kind::Substitution},
        {QStringLiteral("Comment"), Kind::Comment},
        {QStringLiteral("Redirection"), Kind::Redirection},
        {QStringLiteral("File Descriptor"), Kind::Redirection},
        {QStringLiteral("Here Doc"), Kind::HereDocBody},
        {QStringLiteral("Decimal"), Kind::Number},
    };
    if (item == QLatin1String("Parameter Expansion")) {
        // The definition gives ${ }, $( ) and $(( )) one name; the tokenizer tells them apart.
        if (text.startsWith(u"$((") || text == u"))")
            return Kind::Arithmetic;
        if (text.startsWith(u"$(") || text == u")")
            return Kind::Substitution;
        return Kind::Variable;
    }
    if (item == QLatin1String("Parameter Expansion Operator"))
        return Kind::Variable; // the :- of ${x:-y} belongs to the expansion, as there
    const auto found = kinds.constFind(item);
    return found == kinds.constEnd() ? std::nullopt : std::optional(*found);
}

} // namespace

class KateBashTokenizer::Reader : public KSyntaxHighlighting::AbstractHighlighter
{
public:
    Reader()
        : repository(sharedRepository())
    {
        setDefinition(repository->definitionForName(QStringLiteral("Bash")));
    }

    QList<BashTokenizer::Token> read(QStringView text, KSyntaxHighlighting::State *state)
    {
        line = text;
        tokens.clear();
        *state = highlightLine(text, *state);
        return std::exchange(tokens, {});
    }

    std::shared_ptr<KSyntaxHighlighting::Repository> repository;

protected:
    void applyFormat(int offset, int length, const KSyntaxHighlighting::Format &format) override
    {
        if (length <= 0)
            return;
        const std::optional<Kind> kind = kindOf(format.name(), line.mid(offset, length));
        if (!kind)
            return;
        // The definition reports some pieces in parts ($ then the name): one token each.
        if (!tokens.isEmpty() && tokens.last().kind == *kind
            && tokens.last().start + tokens.last().length == offset) {
            tokens.last().length += length;
            return;
        }
        tokens.append(BashTokenizer::Token{.start = offset, .length = length, .kind = *kind});
    }

private:
    QStringView line;
    QList<BashTokenizer::Token> tokens;
};

KateBashTokenizer::KateBashTokenizer()
    : m_reader(std::make_unique<Reader>())
{ }

KateBashTokenizer::~KateBashTokenizer() = default;

bool KateBashTokenizer::isValid() const
{
    return m_reader->definition().isValid();
}

QString KateBashTokenizer::engineName()
{
    return QStringLiteral("KSyntaxHighlighting %1 (Bash)")
        .arg(QLatin1String(KSYNTAXHIGHLIGHTING_VERSION_STRING));
}

QList<BashTokenizer::Token> KateBashTokenizer::tokenizeLine(QStringView line,
                                                            KSyntaxHighlighting::State *state)
{
    return m_reader->read(line, state);
}

QList<BashTokenizer::Token> KateBashTokenizer::tokenize(QStringView text)
{
    QList<BashTokenizer::Token> tokens;
    KSyntaxHighlighting::State state;
    qsizetype lineStart = 0;
    while (lineStart <= text.size()) {
        qsizetype lineEnd = text.indexOf(u'\n', lineStart);
        if (lineEnd < 0)
            lineEnd = text.size();
        for (BashTokenizer::Token token :
             m_reader->read(text.sliced(lineStart, lineEnd - lineStart), &state)) {
            token.start += int(lineStart);
            tokens.append(token);
        }
        lineStart = lineEnd + 1;
    }
    return tokens;
}

} // namespace Terrarium::Widgets
