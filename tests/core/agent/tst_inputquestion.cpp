#include "core/agent/InputQuestion.h"

#include <QTest>

using Terrarium::Core::InputQuestion;
using PromptFrom = Terrarium::Core::Events::InputRequired::PromptFrom;
using namespace Qt::StringLiterals;

class tst_InputQuestion : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsPrompts_data();
    void readsPrompts();
    void asksInOrder();
};

void tst_InputQuestion::readsPrompts_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QStringList>("prompts"); // one per read of stdin; "*" marks -s
    QTest::newRow("-p") << u"read -p 'Name? ' n"_s << QStringList{u"Name? "_s};
    QTest::newRow("-rp") << u"read -rp \"Name? \" n"_s << QStringList{u"Name? "_s};
    QTest::newRow("-sp") << u"read -sp 'Pass: ' p"_s << QStringList{u"*Pass: "_s};
    QTest::newRow("attached") << u"read -p'Age: ' a"_s << QStringList{u"Age: "_s};
    // -t takes an argument: the p after it is not an option.
    QTest::newRow("-t then -p") << u"read -t 5 -p Go n"_s << QStringList{u"Go"_s};
    QTest::newRow("no -p") << u"read -r line"_s << QStringList{QString()};
    QTest::newRow("after --") << u"read -- -p x"_s << QStringList{QString()};
    QTest::newRow("-u 3 reads no stdin")
        << u"read -u 3 -p 'x' a; read -p 'y' b"_s << QStringList{u"y"_s};
    QTest::newRow("nested") << u"bash -c 'read -p \"Q? \" a'"_s << QStringList{u"Q? "_s};
    QTest::newRow("a variable set on the line")
        << u"q='Which? '; read -p \"$q\" a"_s << QStringList{u"Which? "_s};
    QTest::newRow("no read") << u"echo read -p x"_s << QStringList{};
}

void tst_InputQuestion::readsPrompts()
{
    QFETCH(QString, command);
    QFETCH(QStringList, prompts);
    QStringList found;
    for (const InputQuestion::Read &read : InputQuestion::reads(command))
        found << (read.secret ? u"*"_s : QString()) + read.prompt;
    QCOMPARE(found, prompts);
}

void tst_InputQuestion::asksInOrder()
{
    const QString command = u"echo hi; read -p 'First? ' a; read -sp 'Second: ' b"_s;
    // A prompt printed without a newline is the command's own question.
    auto question = InputQuestion::ask(4, command, u"Sure? [y/N] "_s, u"Sure? [y/N] "_s, 0);
    QCOMPARE(question.stepId, 4);
    QCOMPARE(question.prompt, u"Sure? [y/N] "_s);
    QCOMPARE(question.from, PromptFrom::Output);
    QCOMPARE(question.hint, u"confirmation"_s);
    // Else the read that waits: before the first answer the first, then the second.
    question = InputQuestion::ask(4, command, QString(), u"hi"_s, 0);
    QCOMPARE(question.prompt, u"First?"_s);
    QCOMPARE(question.from, PromptFrom::Read);
    QVERIFY(question.hint.isEmpty());
    question = InputQuestion::ask(4, command, QString(), QString(), 1);
    QCOMPARE(question.prompt, u"Second:"_s);
    QCOMPARE(question.hint, u"password"_s);
    // More waits than reads: the last words, then the command line, escaped.
    question = InputQuestion::ask(4, command, QString(), u"hi \x1b[2J"_s, 2);
    QCOMPARE(question.prompt, u"hi \\x1b[2J"_s);
    QCOMPARE(question.from, PromptFrom::Output);
    question = InputQuestion::ask(4, u"cat\n  -n"_s, QString(), QString(), 0);
    QCOMPARE(question.prompt, u"cat -n"_s);
    QCOMPARE(question.from, PromptFrom::Command);
}

QTEST_GUILESS_MAIN(tst_InputQuestion)
#include "tst_inputquestion.moc"
