#include "BashTheme.h"

#include "ui/UiColors.h"

#include <QFont>
#include <QPalette>

#include <algorithm>

namespace Terrarium::Widgets {

namespace {

using Kind = BashTokenizer::Kind;

struct KindStyle
{
    Kind kind;
    QRgb light; // on a light gray block
    QRgb dark; // on a dark gray block
    bool bold = false;
    bool italic = false;
};

// One set for light palettes, one for dark ones; ensureContrast() fixes up whatever a
// particular palette's block gray does to them.
constexpr KindStyle kindStyles[] = {
    {Kind::Keyword, 0x0033b3, 0x7fb4ff, true},
    {Kind::Builtin, 0x00627a, 0x4ec9b0},
    {Kind::String, 0x067d17, 0x9fd68c},
    {Kind::Escape, 0x0037a6, 0xd7ba7d},
    {Kind::Variable, 0x871094, 0xdaa6f2},
    {Kind::Substitution, 0x9e3c00, 0xf0a45d, true},
    {Kind::Arithmetic, 0x9e3c00, 0xf0a45d},
    {Kind::Number, 0x1750eb, 0xf0d47a},
    {Kind::Comment, 0x6e6e6e, 0xa0a0a0, false, true},
    {Kind::Operator, 0xa8005a, 0xff8fb6, true},
    {Kind::Redirection, 0xa8005a, 0xff8fb6},
    {Kind::HereDocMarker, 0x871094, 0xdaa6f2, true},
    {Kind::HereDocBody, 0x067d17, 0x9fd68c},
};
static_assert(std::size(kindStyles) == BashTokenizer::KindCount);

} // namespace

BashTheme BashTheme::forPalette(const QPalette &palette)
{
    BashTheme theme;
    theme.m_dark = UiColors::isDark(palette);
    const QColor base = palette.color(QPalette::Base);
    const QColor text = palette.color(QPalette::Text);
    // A gray a step away from Base towards Text: visibly a block on a card drawn on Base,
    // light gray on light palettes and dark gray on dark ones.
    theme.m_background = UiColors::blend(base, text, theme.m_dark ? 0.10 : 0.07);
    theme.m_background.setAlpha(255);
    // On a mid-gray palette no text colour would read well on that step (black and white both
    // stay under 7:1): push the block towards the nearer end until one of them does.
    const auto bestContrast = [](const QColor &color) {
        return std::max(UiColors::contrastRatio(Qt::black, color),
                        UiColors::contrastRatio(Qt::white, color));
    };
    const QColor away = UiColors::contrastRatio(Qt::black, theme.m_background)
            >= UiColors::contrastRatio(Qt::white, theme.m_background)
        ? QColor(Qt::white)
        : QColor(Qt::black);
    for (int i = 0; i < 20 && bestContrast(theme.m_background) < 7.0; ++i)
        theme.m_background = UiColors::blend(theme.m_background, away, 0.1);
    theme.m_foreground = UiColors::ensureContrast(text, theme.m_background, 7.0);
    for (const KindStyle &style : kindStyles) {
        QTextCharFormat format;
        const QColor wanted = QColor::fromRgb(theme.m_dark ? style.dark : style.light);
        format.setForeground(UiColors::ensureContrast(wanted, theme.m_background));
        if (style.bold)
            format.setFontWeight(QFont::Bold);
        if (style.italic)
            format.setFontItalic(true);
        theme.m_formats.at(int(style.kind)) = format;
    }
    return theme;
}

} // namespace Terrarium::Widgets
