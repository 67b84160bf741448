#pragma once

#include <QFlags>
#include <QString>

namespace Terrarium::Core {

// Plain value types of the terminal emulation, free of QtGui so that core stays GUI-less:
// the view maps them to QColor/QFont/QKeyEvent.

struct TerminalColor
{
    enum class Kind : quint8 { Default, Indexed, Rgb };
    Kind kind = Kind::Default;
    quint8 index = 0; // 0..255 when Indexed
    quint32 rgb = 0; // 0xRRGGBB when Rgb

    bool operator==(const TerminalColor &) const = default;
};

struct TerminalCell
{
    QString text; // the grapheme (base and combining characters); empty for a blank cell
    quint8 width = 1; // 2 for the first half of a wide character, 0 for its second half
    TerminalColor foreground;
    TerminalColor background;
    bool bold = false;
    bool italic = false;
    quint8 underline = 0; // 0 none, 1 single, 2 double, 3 curly
    bool blink = false;
    bool reverse = false;
    bool strike = false;
    bool conceal = false;

    bool operator==(const TerminalCell &) const = default;
};

struct TerminalCursor
{
    enum class Shape : quint8 { Block, Underline, Bar };
    int row = 0;
    int column = 0;
    bool visible = true;
    bool blinking = true;
    Shape shape = Shape::Block;

    bool operator==(const TerminalCursor &) const = default;
};

// Keys that are not plain text, in the terms a terminal encodes them.
enum class TerminalKey {
    Enter,
    Tab,
    Backspace,
    Escape,
    Up,
    Down,
    Left,
    Right,
    Insert,
    Delete,
    Home,
    End,
    PageUp,
    PageDown,
    F1,
    F2,
    F3,
    F4,
    F5,
    F6,
    F7,
    F8,
    F9,
    F10,
    F11,
    F12,
    // The numeric keypad (Num Lock on). In application keypad mode (DECKPAM, ESC =) these send
    // ESC O sequences, so that full-screen programs can tell them from the main keys; in numeric
    // keypad mode (DECKPNM, ESC >, the default) the character on the key. They stay last.
    KeypadEnter,
    Keypad0,
    Keypad1,
    Keypad2,
    Keypad3,
    Keypad4,
    Keypad5,
    Keypad6,
    Keypad7,
    Keypad8,
    Keypad9,
    KeypadPeriod,
    KeypadComma, // the separator key of some layouts
    KeypadPlus,
    KeypadMinus,
    KeypadMultiply,
    KeypadDivide,
    KeypadEqual,
};

enum class TerminalModifier { None = 0, Shift = 1, Alt = 2, Control = 4 };
Q_DECLARE_FLAGS(TerminalModifiers, TerminalModifier)
Q_DECLARE_OPERATORS_FOR_FLAGS(TerminalModifiers)

// What the program asked for in mouse reporting (none, clicks, drags, any motion).
enum class TerminalMouseMode { None, Click, Drag, Move };

enum class TerminalMouseButton { None, Left, Middle, Right, WheelUp, WheelDown };

} // namespace Terrarium::Core
