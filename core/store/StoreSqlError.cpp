#include "StoreSqlError.h"

#include "core/CoreTr.h"

#include <QFileInfo>
#include <QStorageInfo>

namespace Terrarium::Core::StoreSqlError {

namespace {

// SQLite's primary result codes (Qt passes them on as the native error code).
enum SqliteCode {
    Corrupt = 11,
    Busy = 5,
    Locked = 6,
    ReadOnly = 8,
    IoErr = 10,
    Full = 13,
    CantOpen = 14,
    NotADb = 26
};

int sqliteCode(const QSqlError &error)
{
    return error.nativeErrorCode().toInt() & 0xff;
}

QString causeOf(const QSqlError &error, const QString &path)
{
    const QString detail = error.databaseText().isEmpty() ? error.text() : error.databaseText();
    switch (sqliteCode(error)) {
    case Busy:
    case Locked:
        return Tr::tr("another program holds it locked (%1)").arg(detail);
    case Full:
        return Tr::tr("the disk is full (%1)").arg(detail);
    case ReadOnly:
        return Tr::tr("it cannot be written to (%1)").arg(detail);
    case IoErr:
        // SQLite says "disk I/O error" for a write that found no room, too.
        if (QStorageInfo(QFileInfo(path).absolutePath()).bytesAvailable() < 64 * 1024)
            return Tr::tr("the disk is full (%1)").arg(detail);
        return Tr::tr("reading or writing it failed (%1)").arg(detail);
    case CantOpen:
        return Tr::tr("it cannot be opened (%1)").arg(detail);
    default:
        return error.text();
    }
}

} // namespace

Error describe(const QString &what, const QSqlError &error, const QString &path)
{
    return Error{ErrorCode::IoError, Tr::tr("%1: %2").arg(what, causeOf(error, path))};
}

bool isDamaged(const QSqlError &error)
{
    return sqliteCode(error) == NotADb || sqliteCode(error) == Corrupt;
}

} // namespace Terrarium::Core::StoreSqlError
