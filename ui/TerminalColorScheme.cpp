#include "TerminalColorScheme.h"

#include "ui/UiColors.h"

#include <QPalette>

namespace Terrarium::Widgets {

namespace {

// The 16 base colours, one set tuned for dark backgrounds and one for light ones (VS Code's
// terminal themes, the same sets the step consoles use). xterm's own values put yellow on white
// and dark blue on black, which nobody can read.
constexpr std::array<QRgb, 16> DarkBase = {
    0x000000, 0xcd3131, 0x0dbc79, 0xe5e510, 0x2472c8, 0xbc3fbc, 0x11a8cd, 0xe5e5e5,
    0x666666, 0xf14c4c, 0x23d18b, 0xf5f543, 0x3b8eea, 0xd670d6, 0x29b8db, 0xffffff,
};
constexpr std::array<QRgb, 16> LightBase = {
    0x000000, 0xcd3131, 0x00bc00, 0x949800, 0x0451a5, 0xbc05bc, 0x0598bc, 0x555555,
    0x666666, 0xcd3131, 0x14ce14, 0xb5ba00, 0x0451a5, 0xbc05bc, 0x0598bc, 0xa5a5a5,
};

// Foreground text keeps at least this contrast (WCAG) against its background. Indexed colours
// are the theme's to choose, so they get what WCAG asks of body text; true colour is an exact
// request (a syntax theme, a gradient), so it is only kept from becoming invisible.
constexpr double MinimumContrastIndexed = 4.5;
constexpr double MinimumContrastRgb = 2.0;

} // namespace

TerminalColorScheme::TerminalColorScheme(bool dark, QRgb foreground, QRgb background)
    : m_dark(dark)
    , m_foreground(QColor::fromRgb(foreground))
    , m_background(QColor::fromRgb(background))
    , m_cursor(m_foreground)
{
    const std::array<QRgb, 16> &base = dark ? DarkBase : LightBase;
    for (int i = 0; i < 16; ++i)
        m_indexed[i] = base[i] | 0xff000000;
    // xterm's 6x6x6 colour cube and 24-step grey ramp: programs that use 256 colours were
    // designed against exactly these values.
    constexpr int levels[6] = {0, 95, 135, 175, 215, 255};
    for (int i = 0; i < 216; ++i)
        m_indexed[16 + i] = qRgb(levels[i / 36], levels[(i / 6) % 6], levels[i % 6]);
    for (int i = 0; i < 24; ++i)
        m_indexed[232 + i] = qRgb(8 + 10 * i, 8 + 10 * i, 8 + 10 * i);
    if (dark) {
        m_selectionBackground = QColor(0x26, 0x4f, 0x78);
        m_selectionForeground = QColor(0xff, 0xff, 0xff);
        m_matchBackground = QColor(0x62, 0x4a, 0x12);
        m_currentMatchBackground = QColor(0xb8, 0x86, 0x00);
    } else {
        m_selectionBackground = QColor(0xad, 0xd6, 0xff);
        m_selectionForeground = QColor(0x00, 0x00, 0x00);
        m_matchBackground = QColor(0xff, 0xef, 0x9c);
        m_currentMatchBackground = QColor(0xf5, 0xb7, 0x00);
    }
}

TerminalColorScheme TerminalColorScheme::dark()
{
    return TerminalColorScheme(true, 0xcccccc, 0x1e1e1e);
}

TerminalColorScheme TerminalColorScheme::light()
{
    return TerminalColorScheme(false, 0x1f1f1f, 0xffffff);
}

TerminalColorScheme TerminalColorScheme::forPalette(const QPalette &palette)
{
    const bool dark = UiColors::isDark(palette);
    const QColor base = palette.color(QPalette::Base);
    const QColor text = UiColors::ensureContrast(palette.color(QPalette::Text), base, 7.0);
    TerminalColorScheme scheme(dark, text.rgb(), base.rgb());
    // The palette's selection colours, so a selection looks like one anywhere else in the app,
    // as long as they are readable (some styles pair a light highlight with white text).
    const QColor highlight = palette.color(QPalette::Highlight);
    const QColor highlighted = palette.color(QPalette::HighlightedText);
    if (UiColors::contrastRatio(highlight, highlighted) >= MinimumContrastIndexed
        && UiColors::contrastRatio(highlight, base) >= 1.3) {
        scheme.m_selectionBackground = highlight;
        scheme.m_selectionForeground = highlighted;
    }
    return scheme;
}

QColor TerminalColorScheme::indexed(int index) const
{
    if (index < 0 || index > 255)
        return m_foreground;
    return QColor::fromRgb(m_indexed[index]);
}

void TerminalColorScheme::setForeground(const QColor &color)
{
    m_foreground = color;
    m_cursor = color;
    m_readable.clear();
}

void TerminalColorScheme::setBackground(const QColor &color)
{
    m_background = color;
    m_readable.clear();
}

void TerminalColorScheme::setIndexed(int index, const QColor &color)
{
    if (index < 0 || index > 255)
        return;
    m_indexed[index] = color.rgb();
    m_readable.clear();
}

QRgb TerminalColorScheme::resolve(const Core::TerminalColor &color, bool isForeground) const
{
    switch (color.kind) {
    case Core::TerminalColor::Kind::Default:
        return isForeground ? m_foreground.rgb() : m_background.rgb();
    case Core::TerminalColor::Kind::Indexed:
        return m_indexed[color.index];
    case Core::TerminalColor::Kind::Rgb:
        return color.rgb | 0xff000000;
    }
    return m_foreground.rgb();
}

QRgb TerminalColorScheme::readable(QRgb foreground, QRgb background, bool exactRequest) const
{
    if (foreground == background)
        return foreground;
    const quint64 key = (quint64(foreground & 0xffffff) << 32) | quint64(background & 0xffffff)
        | (exactRequest ? (quint64(1) << 63) : 0);
    const auto cached = m_readable.constFind(key);
    if (cached != m_readable.constEnd())
        return *cached;
    const QRgb result =
        UiColors::ensureContrast(QColor::fromRgb(foreground), QColor::fromRgb(background),
                                 exactRequest ? MinimumContrastRgb : MinimumContrastIndexed)
            .rgb();
    m_readable.insert(key, result);
    return result;
}

bool TerminalColorScheme::operator==(const TerminalColorScheme &other) const
{
    return m_dark == other.m_dark && m_foreground == other.m_foreground
        && m_background == other.m_background && m_cursor == other.m_cursor
        && m_selectionBackground == other.m_selectionBackground
        && m_selectionForeground == other.m_selectionForeground && m_indexed == other.m_indexed;
}

} // namespace Terrarium::Widgets
