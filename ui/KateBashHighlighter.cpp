#include "KateBashHighlighter.h"

#include <KSyntaxHighlighting/State>

#include <QTextBlockUserData>

namespace Terrarium::Widgets {

namespace {

// The definition's state at the end of a block.
class BlockState : public QTextBlockUserData
{
public:
    KSyntaxHighlighting::State state;
};

} // namespace

bool KateBashHighlighter::isAvailable()
{
    return KateBashTokenizer().isValid();
}

KateBashHighlighter::KateBashHighlighter(const BashTheme &theme, QTextDocument *document)
    : CommandHighlighter(theme, document)
{ }

KateBashHighlighter::~KateBashHighlighter() = default;

void KateBashHighlighter::highlightBlock(const QString &text)
{
    KSyntaxHighlighting::State state;
    if (const auto *previous =
            static_cast<const BlockState *>(currentBlock().previous().userData()))
        state = previous->state;
    for (const BashTokenizer::Token &token : m_tokenizer.tokenizeLine(text, &state))
        setFormat(token.start, token.length, m_theme.format(token.kind));

    auto *stored = static_cast<BlockState *>(currentBlockUserData());
    if (!stored) {
        stored = new BlockState;
        setCurrentBlockUserData(stored);
    }
    // A changed end state flips the block's number, which is what makes QSyntaxHighlighter
    // highlight the next block again.
    const int number = currentBlockState();
    if (stored->state != state || number < 0) {
        stored->state = state;
        setCurrentBlockState(number == 1 ? 0 : 1);
    }
}

} // namespace Terrarium::Widgets
