#pragma once

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QList>
#include <QString>

#include <cerrno>

#include <signal.h>
#include <sys/types.h>

namespace Terrarium::Tests {

// "pid (comm) S ppid pgrp ..." of a process, split after the comm; empty if it does not exist.
inline QList<QByteArray> procStatFields(qint64 pid, QByteArray *comm = nullptr)
{
    QFile file(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray stat = file.readAll();
    const qsizetype open = stat.indexOf('(');
    const qsizetype close = stat.lastIndexOf(')');
    if (open < 0 || close < open)
        return {};
    if (comm)
        *comm = stat.mid(open + 1, close - open - 1);
    return stat.mid(close + 2).split(' ');
}

// True once a process has ended. A zombie counts as ended: orphans are reaped by PID 1, which in
// a container may never do it.
inline bool isProcessGone(qint64 pid)
{
    if (pid <= 0)
        return false;
    if (::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH)
        return true;
    const QList<QByteArray> fields = procStatFields(pid);
    return fields.isEmpty() || fields.first() == "Z" || fields.first() == "X";
}

// Pids of the live children of parent whose command name is name.
inline QList<qint64> childProcesses(qint64 parent, const QByteArray &name)
{
    QList<qint64> children;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs);
    for (const QString &entry : entries) {
        bool isPid = false;
        const qint64 pid = entry.toLongLong(&isPid);
        if (!isPid)
            continue;
        QByteArray comm;
        const QList<QByteArray> fields = procStatFields(pid, &comm);
        if (fields.size() > 1 && fields.at(1).toLongLong() == parent && comm == name
            && fields.first() != "Z")
            children.append(pid);
    }
    return children;
}

// Live (not zombie) processes whose stat field after the comm (1 ppid, 2 process group,
// 3 session) is value.
inline QList<qint64> liveProcessesWith(int field, qint64 value)
{
    QList<qint64> found;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs);
    for (const QString &entry : entries) {
        bool isPid = false;
        const qint64 pid = entry.toLongLong(&isPid);
        if (!isPid)
            continue;
        const QList<QByteArray> fields = procStatFields(pid);
        if (fields.size() > field && fields.at(field).toLongLong() == value
            && fields.first() != "Z")
            found.append(pid);
    }
    return found;
}

// Live processes of a process group, and of a session.
inline QList<qint64> liveGroupMembers(qint64 group)
{
    return liveProcessesWith(2, group);
}

inline QList<qint64> liveSessionMembers(qint64 session)
{
    return liveProcessesWith(3, session);
}

} // namespace Terrarium::Tests
