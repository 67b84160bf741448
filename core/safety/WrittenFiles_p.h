#pragma once

#include "core/safety/FileEffects_p.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

namespace Terrarium::Core {

// Internal to core/safety. The files one run wrote, for SafetyGate: what the text of each
// command that ran shows it writes (FileEffects), and what the sandbox reported after a step
// (its workspace audit). Nothing is ever taken out during a run: a report can only add, and a
// later command that deletes a file does not make it innocent (it may come back).
//
// Every write gets a serial, so that an approval can be tied to the writes it saw: the same
// file written again is a new question.
class WrittenFiles
{
public:
    struct Entry
    {
        QString path; // absolute
        int stepId = 0; // the step that wrote it last
        // What that command wrote into it, when its text showed all of it; null otherwise.
        QString text;
        // A folder filled with files the command did not name: everything below it counts.
        bool folder = false;
        quint64 serial = 0;
    };

    // One file a command runs, and the write that made it.
    struct Match
    {
        QString path; // the file run (below entry.path for a folder)
        Entry entry;
        bool shell = false; // run as shell code (FileEffects::Run::shell)
    };

    void clear();
    bool isEmpty() const { return m_files.isEmpty() && m_folders.isEmpty(); }
    // The serial of the latest write, 0 before the first.
    quint64 lastSerial() const { return m_serial; }

    void add(const FileEffects &effects, int stepId);
    // Absolute paths the sandbox reported as changed by step stepId.
    void addReported(const QStringList &paths, int stepId);

    // The files a command with these effects runs that this run wrote, each once, in the
    // order found.
    QList<Match> runBy(const FileEffects &effects) const;

private:
    void addFile(const QString &path, int stepId, const QString &text);
    void addFolder(const QString &path, int stepId);
    // The entry that made path, the file itself or a folder above it.
    const Entry *entryFor(const QString &path) const;

    QHash<QString, Entry> m_files;
    QHash<QString, Entry> m_folders;
    quint64 m_serial = 0;
};

} // namespace Terrarium::Core
