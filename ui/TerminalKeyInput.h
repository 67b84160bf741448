#pragma once

#include "core/terminal/TerminalTypes.h"

#include <QString>

class QKeyEvent;

namespace Terrarium::Widgets {

// A key press in the terms a terminal encodes it: a named key with modifiers (arrows, F-keys,
// Enter, ...) or text with modifiers (Alt prefixes ESC). Control characters are worked out here,
// the way xterm does (Ctrl+C is 0x03, Ctrl+[ is ESC, Ctrl+Space is NUL, Ctrl+/ is 0x1f), and sent
// as text without the Control modifier, so what a shell, vim or tmux receives does not depend on
// how the emulator would encode "Ctrl" plus a character (libvterm would use CSI u for Ctrl+I, J,
// M and [, which no shell understands). Shift is dropped from text: the text already has it.
// Keys of the numeric keypad (Qt::KeypadModifier) are keypad keys, for application keypad mode.
struct TerminalKeyInput
{
    enum class Kind { None, Key, Text };

    Kind kind = Kind::None;
    Core::TerminalKey key = Core::TerminalKey::Enter;
    QString text;
    Core::TerminalModifiers modifiers = Core::TerminalModifier::None;

    bool isValid() const { return kind != Kind::None; }
    bool operator==(const TerminalKeyInput &) const = default;

    // None for keys a terminal has no encoding for (a lone modifier, Menu, media keys).
    static TerminalKeyInput fromKey(int qtKey, Qt::KeyboardModifiers modifiers,
                                    const QString &text);
    static TerminalKeyInput fromKeyEvent(const QKeyEvent &event);
};

} // namespace Terrarium::Widgets
