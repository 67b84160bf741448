#pragma once

#include "core/Error.h"

#include <QSqlError>
#include <QString>

// How the run store puts SQLite's failures into words; shared by its connections.
namespace Terrarium::Core::StoreSqlError {

// "what: cause", the cause in words for the database file at path (locked, disk full, ...).
Error describe(const QString &what, const QSqlError &error, const QString &path);
// A file that is not a database, or a damaged one (not one that is merely locked or on a full
// disk): to be moved aside.
bool isDamaged(const QSqlError &error);

} // namespace Terrarium::Core::StoreSqlError
