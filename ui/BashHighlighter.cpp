#include "BashHighlighter.h"

#include <QGuiApplication>
#include <QPalette>

namespace Terrarium::Widgets {

BashHighlighter::BashHighlighter(QTextDocument *document)
    : BashHighlighter(BashTheme::forPalette(QGuiApplication::palette()), document)
{ }

BashHighlighter::BashHighlighter(const BashTheme &theme, QTextDocument *document)
    : CommandHighlighter(theme, document)
{ }

BashHighlighter::~BashHighlighter() = default;

void BashHighlighter::highlightBlock(const QString &text)
{
    // -1 (no state yet) is the start of the script.
    const int previous = previousBlockState();
    BashTokenizer::State state = previous >= 0 && previous < m_states.size()
        ? m_states.at(previous)
        : BashTokenizer::State{};
    const QList<BashTokenizer::Token> tokens = BashTokenizer::tokenizeLine(text, &state);
    for (const BashTokenizer::Token &token : tokens)
        setFormat(token.start, token.length, m_theme.format(token.kind));
    setCurrentBlockState(stateIndex(state));
}

int BashHighlighter::stateIndex(const BashTokenizer::State &state)
{
    const qsizetype index = m_states.indexOf(state);
    if (index >= 0)
        return int(index);
    m_states.append(state);
    return int(m_states.size() - 1);
}

} // namespace Terrarium::Widgets
