#pragma once

#include <QByteArray>
#include <QByteArrayView>

class QJsonObject;

namespace Terrarium::Core {

// JSON text that a terminal only prints. QJsonDocument escapes the C0 controls but writes every
// character from DEL up as it is, so a C1 control from a sandbox's output (U+009B is CSI and
// U+009D OSC to VTE terminals), a line or paragraph separator, a bidi override or another
// invisible format character would reach the terminal showing `terrarium --headless` or a
// control client's messages and be obeyed there. Here each of them (VisibleText::isHidden())
// becomes a \uXXXX escape (a surrogate pair above U+FFFF): the same JSON value, nothing lost.
class TerminalSafeJson
{
public:
    // The object as compact JSON, escaped.
    static QByteArray compact(const QJsonObject &object);
    // JSON text (valid UTF-8, as QJsonDocument writes it) with those characters escaped; without
    // a copy when there are none.
    static QByteArray escape(const QByteArray &json);
};

} // namespace Terrarium::Core
