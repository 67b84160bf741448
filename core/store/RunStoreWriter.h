#pragma once

#include "core/Error.h"
#include "core/agent/RunEvent.h"

#include <QHash>
#include <QList>
#include <QPair>
#include <QString>

namespace Terrarium::Core {

// Commits the run store's events on a database connection of its own, so that RunStore can do
// it on a worker thread: with synchronous=FULL a commit waits for the disk (tens of
// milliseconds), which the GUI thread must not. Every member but the constructor and destructor
// runs on one and the same thread (Qt's connections belong to the thread that made them);
// RunStore keeps one batch in flight at a time.
class RunStoreWriter
{
public:
    // Characters of output kept so far, per run and step (see RunStore::StepOutputBudget).
    using OutputCounts = QHash<QPair<QString, int>, qint64>;

    struct Batch
    {
        QString path; // the database file
        QList<RunEvent> events;
        OutputCounts storedOutput; // before this batch
    };
    struct Written
    {
        QHash<QString, qint64> lastSeqs; // per run: the newest event now on disk
        OutputCounts storedOutput; // after this batch
    };

    RunStoreWriter();
    ~RunStoreWriter();
    RunStoreWriter(const RunStoreWriter &) = delete;
    RunStoreWriter &operator=(const RunStoreWriter &) = delete;

    // All of the batch in one transaction, or none of it (an error naming the file and cause).
    Result<Written> write(const Batch &batch);
    // Closes the connection; write() opens it again.
    void close();

private:
    Result<void> open(const QString &path);

    QString m_connection;
    QString m_path;
};

} // namespace Terrarium::Core
