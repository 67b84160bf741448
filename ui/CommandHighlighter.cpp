#include "CommandHighlighter.h"

#include "ui/BashHighlighter.h"
#ifdef TERRARIUM_HAVE_KSYNTAXHIGHLIGHTING
#include "ui/KateBashHighlighter.h"

#include <memory>
#endif

namespace Terrarium::Widgets {

CommandHighlighter *CommandHighlighter::create(const BashTheme &theme, QTextDocument *document)
{
#ifdef TERRARIUM_HAVE_KSYNTAXHIGHLIGHTING
    // Installed without its Bash definition (a trimmed package), the own engine still serves.
    auto kate = std::make_unique<KateBashHighlighter>(theme, document);
    if (kate->isValid())
        return kate.release();
#endif
    return new BashHighlighter(theme, document);
}

QString CommandHighlighter::engineName()
{
#ifdef TERRARIUM_HAVE_KSYNTAXHIGHLIGHTING
    if (KateBashHighlighter::isAvailable())
        return KateBashHighlighter::engineName();
#endif
    return QStringLiteral("Terrarium's bash tokenizer");
}

CommandHighlighter::CommandHighlighter(const BashTheme &theme, QTextDocument *document)
    : QSyntaxHighlighter(document)
    , m_theme(theme)
{ }

CommandHighlighter::~CommandHighlighter() = default;

void CommandHighlighter::setTheme(const BashTheme &theme)
{
    m_theme = theme;
    rehighlight();
}

} // namespace Terrarium::Widgets
