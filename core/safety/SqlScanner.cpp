#include "core/safety/SqlScanner_p.h"

#include <QRegularExpression>
#include <QStringList>

namespace Terrarium::Core {

namespace {

// Blanks out comments and the contents of string literals and quoted identifiers, and splits
// the text into statements at the semicolons that remain.
QStringList statements(const QString &sql)
{
    QStringList result;
    QString current;
    const qsizetype n = sql.size();
    for (qsizetype i = 0; i < n; ++i) {
        const QChar c = sql.at(i);
        if (c == u'-' && i + 1 < n && sql.at(i + 1) == u'-') {
            while (i < n && sql.at(i) != u'\n')
                ++i;
            current.append(u' ');
            continue;
        }
        if (c == u'/' && i + 1 < n && sql.at(i + 1) == u'*') {
            const qsizetype end = sql.indexOf(QStringLiteral("*/"), i + 2);
            i = end < 0 ? n : end + 1;
            current.append(u' ');
            continue;
        }
        if (c == u'\'' || c == u'"' || c == u'`') {
            qsizetype j = i + 1;
            while (j < n) {
                if (sql.at(j) == c) {
                    if (j + 1 < n && sql.at(j + 1) == c) { // doubled quote inside
                        j += 2;
                        continue;
                    }
                    break;
                }
                j += (sql.at(j) == u'\\' && c == u'\'') ? 2 : 1;
            }
            // Keep identifiers readable as words; strings become empty literals.
            current.append(c == u'\'' ? QStringLiteral("''") : QStringLiteral("q"));
            i = qMin(j, n);
            continue;
        }
        if (c == u';') {
            result.append(current);
            current.clear();
            continue;
        }
        current.append(c);
    }
    result.append(current);
    return result;
}

} // namespace

QList<SqlScanner::Finding> SqlScanner::scan(const QString &sql)
{
    static const QRegularExpression drop(QStringLiteral(R"(^\s*DROP\s+(TABLE|DATABASE|SCHEMA)\b)"),
                                         QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression truncate(QStringLiteral(R"(^\s*TRUNCATE\b(?!\s*\())"),
                                             QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression deleteFrom(
        QStringLiteral(R"(^\s*(WITH\b.*\)\s*)?DELETE\s+(\w+\s+)?FROM\b)"),
        QRegularExpression::CaseInsensitiveOption | QRegularExpression::DotMatchesEverythingOption);
    static const QRegularExpression where(QStringLiteral(R"(\bWHERE\b)"),
                                          QRegularExpression::CaseInsensitiveOption);

    QList<Finding> findings;
    auto add = [&findings](Finding finding) {
        if (!findings.contains(finding))
            findings.append(finding);
    };
    for (const QString &statement : statements(sql)) {
        if (drop.match(statement).hasMatch())
            add(Finding::Drop);
        if (truncate.match(statement).hasMatch())
            add(Finding::Truncate);
        const QRegularExpressionMatch del = deleteFrom.match(statement);
        if (del.hasMatch() && !where.match(statement, del.capturedEnd()).hasMatch())
            add(Finding::DeleteAll);
    }
    return findings;
}

} // namespace Terrarium::Core
