#include "TerminalKeyInput.h"

#include <QKeyEvent>

#include <optional>

namespace Terrarium::Widgets {

using Core::TerminalKey;
using Core::TerminalModifier;
using Core::TerminalModifiers;

namespace {

std::optional<TerminalKey> namedKey(int qtKey)
{
    switch (qtKey) {
    case Qt::Key_Return:
        return TerminalKey::Enter;
    case Qt::Key_Enter:
        return TerminalKey::KeypadEnter;
    case Qt::Key_Tab:
        return TerminalKey::Tab;
    case Qt::Key_Backtab:
        return TerminalKey::Tab;
    case Qt::Key_Backspace:
        return TerminalKey::Backspace;
    case Qt::Key_Escape:
        return TerminalKey::Escape;
    case Qt::Key_Up:
        return TerminalKey::Up;
    case Qt::Key_Down:
        return TerminalKey::Down;
    case Qt::Key_Left:
        return TerminalKey::Left;
    case Qt::Key_Right:
        return TerminalKey::Right;
    case Qt::Key_Insert:
        return TerminalKey::Insert;
    case Qt::Key_Delete:
        return TerminalKey::Delete;
    case Qt::Key_Home:
        return TerminalKey::Home;
    case Qt::Key_End:
        return TerminalKey::End;
    case Qt::Key_PageUp:
        return TerminalKey::PageUp;
    case Qt::Key_PageDown:
        return TerminalKey::PageDown;
    default:
        break;
    }
    if (qtKey >= Qt::Key_F1 && qtKey <= Qt::Key_F12)
        return TerminalKey(int(TerminalKey::F1) + (qtKey - Qt::Key_F1));
    return std::nullopt;
}

// A key of the numeric keypad with Num Lock on (Qt reports those with KeypadModifier). With Num
// Lock off the keypad gives Home, Up, ...: those stay the keys they are.
std::optional<TerminalKey> keypadKey(int qtKey)
{
    if (qtKey >= Qt::Key_0 && qtKey <= Qt::Key_9)
        return TerminalKey(int(TerminalKey::Keypad0) + (qtKey - Qt::Key_0));
    switch (qtKey) {
    case Qt::Key_Period:
        return TerminalKey::KeypadPeriod;
    case Qt::Key_Comma:
        return TerminalKey::KeypadComma;
    case Qt::Key_Plus:
        return TerminalKey::KeypadPlus;
    case Qt::Key_Minus:
        return TerminalKey::KeypadMinus;
    case Qt::Key_Asterisk:
        return TerminalKey::KeypadMultiply;
    case Qt::Key_Slash:
        return TerminalKey::KeypadDivide;
    case Qt::Key_Equal:
        return TerminalKey::KeypadEqual;
    default:
        return std::nullopt;
    }
}

// The control character xterm sends for Ctrl plus this key, if there is one.
std::optional<char16_t> controlCharacter(int qtKey)
{
    if (qtKey >= Qt::Key_A && qtKey <= Qt::Key_Z)
        return char16_t(qtKey - Qt::Key_A + 1);
    switch (qtKey) {
    case Qt::Key_Space:
    case Qt::Key_2:
    case Qt::Key_At:
        return u'\0';
    case Qt::Key_3:
    case Qt::Key_BracketLeft:
        return u'\x1b';
    case Qt::Key_4:
    case Qt::Key_Backslash:
        return u'\x1c';
    case Qt::Key_5:
    case Qt::Key_BracketRight:
        return u'\x1d';
    case Qt::Key_6:
    case Qt::Key_AsciiCircum:
        return u'\x1e';
    case Qt::Key_7:
    case Qt::Key_Slash:
    case Qt::Key_Underscore:
        return u'\x1f';
    case Qt::Key_8:
    case Qt::Key_Question:
        return u'\x7f';
    default:
        return std::nullopt;
    }
}

} // namespace

TerminalKeyInput TerminalKeyInput::fromKey(int qtKey, Qt::KeyboardModifiers qtModifiers,
                                           const QString &text)
{
    TerminalModifiers modifiers;
    if (qtModifiers & Qt::ShiftModifier)
        modifiers |= TerminalModifier::Shift;
    if (qtModifiers & Qt::AltModifier)
        modifiers |= TerminalModifier::Alt;
    if (qtModifiers & Qt::ControlModifier)
        modifiers |= TerminalModifier::Control;

    TerminalKeyInput input;
    std::optional<TerminalKey> key =
        (qtModifiers & Qt::KeypadModifier) ? keypadKey(qtKey) : std::nullopt;
    if (!key)
        key = namedKey(qtKey);
    if (key) {
        input.kind = Kind::Key;
        input.key = *key;
        input.modifiers = modifiers;
        // X11 reports Shift+Tab as Backtab, sometimes without the Shift modifier.
        if (qtKey == Qt::Key_Backtab)
            input.modifiers |= TerminalModifier::Shift;
        return input;
    }
    if (modifiers & TerminalModifier::Control) {
        if (const std::optional<char16_t> control = controlCharacter(qtKey)) {
            input.kind = Kind::Text;
            input.text = QString(QChar(*control));
            input.modifiers = modifiers & TerminalModifier::Alt;
            return input;
        }
    }
    if (text.isEmpty())
        return input;
    input.kind = Kind::Text;
    input.text = text;
    input.modifiers = modifiers & TerminalModifier::Alt;
    return input;
}

TerminalKeyInput TerminalKeyInput::fromKeyEvent(const QKeyEvent &event)
{
    return fromKey(event.key(), event.modifiers(), event.text());
}

} // namespace Terrarium::Widgets
