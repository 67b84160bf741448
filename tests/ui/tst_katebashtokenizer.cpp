// The two engines that colour commands, side by side on a table of commands a planner writes:
// KSyntaxHighlighting's Bash definition (KateBashTokenizer) and Terrarium's own tokenizer must
// mark command words (builtins and keywords), strings, variables, operators and comments on the
// same characters, so that a command looks the same on Debian 12 and Debian 13. Built where KF6
// SyntaxHighlighting is.
#include "ui/BashTokenizer.h"
#include "ui/CommandBlock.h"
#include "ui/KateBashHighlighter.h"
#include "ui/KateBashTokenizer.h"

#include <QTest>

using namespace Terrarium::Widgets;
using namespace Qt::StringLiterals;

namespace {

using Kind = BashTokenizer::Kind;

// What the comparison looks at: the kinds a reader tells apart at a glance.
enum class Class { CommandWord, String, Variable, Operator, Comment };

std::optional<Class> classOf(Kind kind)
{
    switch (kind) {
    case Kind::Keyword:
    case Kind::Builtin:
        return Class::CommandWord;
    case Kind::String:
        return Class::String;
    case Kind::Variable:
        return Class::Variable;
    case Kind::Operator:
        return Class::Operator;
    case Kind::Comment:
        return Class::Comment;
    default:
        return std::nullopt;
    }
}

QString className(Class value)
{
    switch (value) {
    case Class::CommandWord:
        return u"command"_s;
    case Class::String:
        return u"string"_s;
    case Class::Variable:
        return u"variable"_s;
    case Class::Operator:
        return u"operator"_s;
    case Class::Comment:
        return u"comment"_s;
    }
    return {};
}

// The script with each compared class's characters marked, one line per class: "string:
// ....xxxx.." (x: marked). Readable when the engines differ.
QStringList marks(const QString &script, const QList<BashTokenizer::Token> &tokens)
{
    QStringList lines;
    for (const Class wanted :
         {Class::CommandWord, Class::String, Class::Variable, Class::Operator, Class::Comment}) {
        QString line(script.size(), u'.');
        for (const BashTokenizer::Token &token : tokens) {
            if (classOf(token.kind) == wanted)
                line.replace(token.start, token.length, QString(token.length, u'x'));
        }
        lines.append(className(wanted) + u": "_s + line);
    }
    return lines;
}

} // namespace

class tst_KateBashTokenizer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void bothEnginesMarkTheSame_data();
    void bothEnginesMarkTheSame();
    void commandBlocksUseKSyntaxHighlighting();
    void theStateCarriesAcrossLines();
};

void tst_KateBashTokenizer::bothEnginesMarkTheSame_data()
{
    QTest::addColumn<QString>("script");
    QTest::newRow("builtin and pipe") << u"cd /tmp && ls | grep x"_s;
    QTest::newRow("strings") << u"echo 'single' \"double\""_s;
    QTest::newRow("variable in a string") << u"echo \"hello $USER\""_s;
    QTest::newRow("braced variable") << u"echo ${HOME}/bin"_s;
    QTest::newRow("assignment") << u"export PATH=$HOME/bin:$PATH"_s;
    QTest::newRow("loop") << u"for f in a b; do echo $f; done"_s;
    QTest::newRow("if") << u"if test -f a; then cat a; fi"_s;
    QTest::newRow("comment") << u"make -j2 # build it"_s;
    QTest::newRow("sequence") << u"mkdir -p out; cd out || exit 1"_s;
    QTest::newRow("background") << u"sleep 5 & wait"_s;
    QTest::newRow("apt") << u"apt-get update && apt-get install -y curl"_s;
    QTest::newRow("python one-liner") << u"python3 -c 'print(1)'"_s;
    QTest::newRow("read loop") << u"while read line; do echo \"$line\"; done"_s;
    QTest::newRow("git") << u"git status --short | head -n 20"_s;
}

void tst_KateBashTokenizer::bothEnginesMarkTheSame()
{
    QFETCH(QString, script);
    KateBashTokenizer kate;
    QVERIFY(kate.isValid());
    const QStringList own = marks(script, BashTokenizer::tokenize(script));
    const QStringList definition = marks(script, kate.tokenize(script));
    QCOMPARE(definition, own);
}

void tst_KateBashTokenizer::commandBlocksUseKSyntaxHighlighting()
{
    CommandBlock block;
    QVERIFY(qobject_cast<KateBashHighlighter *>(block.highlighter()));
    QVERIFY(CommandHighlighter::engineName().startsWith(u"KSyntaxHighlighting 6."_s));
}

void tst_KateBashTokenizer::theStateCarriesAcrossLines()
{
    // A quote left open colours the next line as a string; closed, the line after is code.
    KateBashTokenizer kate;
    const QString script = u"echo \"first\nsecond\"\necho third"_s;
    const QStringList own = marks(script, BashTokenizer::tokenize(script));
    const QStringList definition = marks(script, kate.tokenize(script));
    QCOMPARE(definition, own);
    QVERIFY(definition.at(1).contains(u"xxxxxx"_s)); // "second" is in the string
}

QTEST_MAIN(tst_KateBashTokenizer)
#include "tst_katebashtokenizer.moc"
