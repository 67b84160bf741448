#pragma once

#include <QColor>
#include <QPalette>

namespace Terrarium::Tests {

// The dark palette of the acceptance screenshots, and of the tests that check colours against
// it: a whole dark palette, as a desktop theme would give.
inline QPalette darkPalette()
{
    QPalette palette;
    palette.setColor(QPalette::Window, QColor(0x1f, 0x23, 0x28));
    palette.setColor(QPalette::WindowText, QColor(0xe6, 0xe6, 0xe6));
    palette.setColor(QPalette::Base, QColor(0x16, 0x19, 0x1d));
    palette.setColor(QPalette::AlternateBase, QColor(0x24, 0x28, 0x2e));
    palette.setColor(QPalette::Text, QColor(0xe6, 0xe6, 0xe6));
    palette.setColor(QPalette::Button, QColor(0x2b, 0x30, 0x36));
    palette.setColor(QPalette::ButtonText, QColor(0xe6, 0xe6, 0xe6));
    palette.setColor(QPalette::Highlight, QColor(0x3b, 0x82, 0xf6));
    palette.setColor(QPalette::HighlightedText, Qt::white);
    palette.setColor(QPalette::Link, QColor(0x60, 0xa5, 0xfa));
    palette.setColor(QPalette::PlaceholderText, QColor(0x8b, 0x94, 0x9e));
    palette.setColor(QPalette::Mid, QColor(0x5b, 0x63, 0x6d));
    palette.setColor(QPalette::ToolTipBase, QColor(0x2b, 0x30, 0x36));
    palette.setColor(QPalette::ToolTipText, QColor(0xe6, 0xe6, 0xe6));
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        palette.setColor(QPalette::Disabled, role, QColor(0x6b, 0x72, 0x7c));
    return palette;
}

} // namespace Terrarium::Tests
