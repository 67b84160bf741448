#include "VisibleText.h"

namespace Terrarium::Core {

bool VisibleText::isHidden(char32_t code)
{
    switch (QChar::category(code)) {
    case QChar::Other_Control:
        return code != u'\t' && code != u'\n';
    case QChar::Other_Format:
    case QChar::Other_Surrogate:
    case QChar::Separator_Line:
    case QChar::Separator_Paragraph:
        return true;
    default:
        return false;
    }
}

QString VisibleText::escape(const QString &text)
{
    QString shown;
    shown.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        char32_t code = text.at(i).unicode();
        qsizetype length = 1;
        if (text.at(i).isHighSurrogate() && i + 1 < text.size()
            && text.at(i + 1).isLowSurrogate()) {
            code = QChar::surrogateToUcs4(text.at(i), text.at(i + 1));
            length = 2;
        }
        if (!isHidden(code)) {
            shown += text.mid(i, length);
        } else if (code < 0x100) {
            shown += QStringLiteral("\\x%1").arg(quint32(code), 2, 16, QLatin1Char('0'));
        } else if (code < 0x10000) {
            shown += QStringLiteral("\\u%1").arg(quint32(code), 4, 16, QLatin1Char('0'));
        } else {
            shown += QStringLiteral("\\U%1").arg(quint32(code), 8, 16, QLatin1Char('0'));
        }
        i += length - 1;
    }
    return shown;
}

QString VisibleText::escapeName(const QString &name)
{
    QString shown = name;
    shown.replace(u'\\', QStringLiteral("\\\\"));
    shown = escape(shown);
    shown.replace(u'\n', QStringLiteral("\\n"));
    shown.replace(u'\t', QStringLiteral("\\t"));
    return shown;
}

} // namespace Terrarium::Core
