#include "TerminalPaste.h"

namespace Terrarium::Core {

namespace {

bool isLeftOut(char16_t c)
{
    if (c == u'\t' || c == u'\r')
        return false;
    return c < 0x20 || (c >= 0x7f && c <= 0x9f);
}

} // namespace

QString TerminalPaste::text(const QString &pasted)
{
    QString text = pasted;
    text.replace(QLatin1String("\r\n"), QLatin1String("\r"));
    text.replace(u'\n', u'\r');
    // Every control left out is one UTF-16 unit: no surrogate is looked at.
    text.removeIf([](QChar c) { return isLeftOut(c.unicode()); });
    return text;
}

QByteArray TerminalPaste::rebracketed(const QByteArray &sent)
{
    if (sent.size() < Start.size() + End.size() || !sent.startsWith(Start) || !sent.endsWith(End))
        return sent;
    const QByteArrayView inside =
        QByteArrayView(sent).sliced(Start.size(), sent.size() - Start.size() - End.size());
    return Start.toByteArray() + text(QString::fromUtf8(inside)).toUtf8() + End.toByteArray();
}

} // namespace Terrarium::Core
