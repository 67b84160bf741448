#pragma once

#include <QList>
#include <QString>

namespace Terrarium::Core {

// Internal to core/safety. Finds destructive statements in SQL text handed to a client.
class SqlScanner
{
public:
    enum class Finding {
        Drop, // DROP TABLE / DATABASE / SCHEMA
        Truncate, // TRUNCATE [TABLE]
        DeleteAll, // DELETE FROM t without WHERE
    };

    // Each kind at most once, in the order first found. Comments and string literals are
    // ignored, so "SELECT 'DROP TABLE x'" finds nothing.
    static QList<Finding> scan(const QString &sql);
};

} // namespace Terrarium::Core
