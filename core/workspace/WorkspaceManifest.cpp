#include "WorkspaceManifest.h"

#include "core/CoreTr.h"
#include "core/workspace/WorkspaceFs_p.h"

#include <QFile>
#include <QJsonArray>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

#include <dirent.h>
#include <fcntl.h>

namespace Terrarium::Core {

namespace {

using WorkspaceFs::Fd;

struct Level
{
    Fd fd;
    QString path;
    QList<QByteArray> names;
    qsizetype next = 0;
    bool exact = true; // the path is the real name (valid UTF-8) so far
};

// The names in a directory, in byte order; false (errno set) when it could not be read.
bool readNames(int dirFd, QList<QByteArray> &names)
{
    // fdopendir() takes over its descriptor; ours stays open for openat().
    const int copy = ::fcntl(dirFd, F_DUPFD_CLOEXEC, 0);
    if (copy < 0)
        return false;
    DIR *dir = ::fdopendir(copy);
    if (!dir) {
        const int err = errno;
        ::close(copy);
        errno = err;
        return false;
    }
    errno = 0;
    while (const dirent *entry = ::readdir(dir)) {
        if (std::strcmp(entry->d_name, ".") != 0 && std::strcmp(entry->d_name, "..") != 0)
            names.append(QByteArray(entry->d_name));
        errno = 0;
    }
    const int err = errno;
    ::closedir(dir);
    std::sort(names.begin(), names.end());
    errno = err;
    return err == 0;
}

// A name as a QString, and whether that spelling is exact (valid UTF-8).
QString decodeName(const QByteArray &raw, bool *exact)
{
    const QString name = QString::fromUtf8(raw);
    if (name.toUtf8() != raw)
        *exact = false;
    return name;
}

WorkspaceEntry::Type typeOf(mode_t mode)
{
    if (S_ISREG(mode))
        return WorkspaceEntry::Type::File;
    if (S_ISDIR(mode))
        return WorkspaceEntry::Type::Directory;
    if (S_ISLNK(mode))
        return WorkspaceEntry::Type::Symlink;
    return WorkspaceEntry::Type::Other;
}

void hashInto(int dirFd, const QByteArray &name, WorkspaceEntry &entry, const struct stat &listed)
{
    const Fd fd(::openat(dirFd, name.constData(),
                         O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
    struct stat st = {};
    if (!fd.isValid() || ::fstat(fd.get(), &st) != 0) {
        entry.error = WorkspaceFs::errorText(errno);
        return;
    }
    if (!S_ISREG(st.st_mode) || st.st_ino != listed.st_ino || st.st_dev != listed.st_dev) {
        entry.error = QStringLiteral("changed while it was listed");
        return;
    }
    if (st.st_size > WorkspaceManifest::maxHashedBytes) {
        entry.size = qint64(st.st_size);
        entry.mode = int(st.st_mode & 07777);
        entry.error = Tr::tr("larger than %1 MiB, not compared")
                          .arg(WorkspaceManifest::maxHashedBytes / (1024 * 1024));
        return;
    }
    qint64 bytes = 0;
    const Result<QByteArray> digest = WorkspaceFs::sha256(fd.get(), &bytes);
    if (!digest) {
        entry.error = digest.error().message;
        return;
    }
    // Size and mode of the file that was hashed, so that the entry describes one state.
    entry.sha256 = *digest;
    entry.size = bytes;
    entry.mode = int(st.st_mode & 07777);
}

Result<WorkspaceEntry> entryFromJson(const QJsonObject &object)
{
    WorkspaceEntry entry;
    entry.path = object.value(u"path").toString();
    const std::optional<WorkspaceEntry::Type> type =
        WorkspaceEntry::typeFromName(object.value(u"type").toString());
    if (entry.path.isEmpty() || !type)
        return makeError(ErrorCode::MalformedResponse,
                         Tr::tr("A workspace manifest entry has no path or an unknown type."));
    entry.type = *type;
    entry.mode = object.value(u"mode").toInt();
    entry.size = qint64(object.value(u"size").toDouble());
    entry.sha256 = object.value(u"sha256").toString().toLatin1();
    entry.target = object.value(u"target").toString();
    entry.exactName = !object.contains(u"path_base64") && !object.contains(u"target_base64")
        && !object.value(u"inexact").toBool();
    entry.otherFileSystem = object.value(u"other_fs").toBool();
    entry.excluded = object.value(u"excluded").toBool();
    entry.error = object.value(u"error").toString();
    return entry;
}

QJsonObject entryToJson(const WorkspaceEntry &entry)
{
    QJsonObject object{{QStringLiteral("path"), entry.path},
                       {QStringLiteral("type"), WorkspaceEntry::typeName(entry.type)},
                       {QStringLiteral("mode"), entry.mode},
                       {QStringLiteral("size"), double(entry.size)}};
    if (!entry.sha256.isEmpty())
        object.insert(u"sha256", QString::fromLatin1(entry.sha256));
    if (entry.type == WorkspaceEntry::Type::Symlink && entry.error.isEmpty())
        object.insert(u"target", entry.target);
    if (!entry.exactName)
        object.insert(u"inexact", true);
    if (entry.otherFileSystem)
        object.insert(u"other_fs", true);
    if (entry.excluded)
        object.insert(u"excluded", true);
    if (!entry.error.isEmpty())
        object.insert(u"error", entry.error);
    return object;
}

} // namespace

WorkspaceManifest::WorkspaceManifest(QList<WorkspaceEntry> entries, bool truncated)
    : m_entries(std::move(entries))
    , m_truncated(truncated)
{
    reindex();
}

bool WorkspaceManifest::pathLess(const QString &a, const QString &b)
{
    return a.toUtf8() < b.toUtf8();
}

void WorkspaceManifest::reindex()
{
    // Each key encoded once; stable, so that of two entries with one path the later one stays
    // last and wins below.
    std::vector<std::pair<QByteArray, qsizetype>> keys;
    keys.reserve(size_t(m_entries.size()));
    for (qsizetype i = 0; i < m_entries.size(); ++i)
        keys.emplace_back(m_entries.at(i).path.toUtf8(), i);
    std::stable_sort(keys.begin(), keys.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    QList<WorkspaceEntry> unique;
    unique.reserve(m_entries.size());
    for (const auto &[key, index] : keys) {
        WorkspaceEntry &entry = m_entries[index];
        if (!unique.isEmpty() && unique.last().path == entry.path)
            unique.last() = std::move(entry);
        else
            unique.append(std::move(entry));
    }
    m_entries = std::move(unique);
    m_index.clear();
    m_index.reserve(m_entries.size());
    for (qsizetype i = 0; i < m_entries.size(); ++i)
        m_index.insert(m_entries.at(i).path, i);
}

const WorkspaceEntry *WorkspaceManifest::find(const QString &path) const
{
    const auto it = m_index.constFind(path);
    return it == m_index.cend() ? nullptr : &m_entries.at(*it);
}

void WorkspaceManifest::setExcluded(const QString &path, bool excluded)
{
    const auto it = m_index.constFind(path);
    if (it != m_index.cend())
        m_entries[*it].excluded = excluded;
}

Result<WorkspaceManifest> WorkspaceManifest::scan(const QString &folder, qsizetype maxEntries)
{
    Fd rootFd(::open(QFile::encodeName(folder).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    struct stat rootStat = {};
    if (!rootFd.isValid() || ::fstat(rootFd.get(), &rootStat) != 0)
        return makeError(
            ErrorCode::IoError,
            Tr::tr("Cannot open the folder %1: %2").arg(folder, WorkspaceFs::errorText(errno)));

    QList<WorkspaceEntry> entries;
    bool truncated = false;
    std::vector<Level> stack;
    auto enter = [&stack](Fd fd, QString path, bool exact) {
        Level level{std::move(fd), std::move(path), {}, 0, exact};
        const bool read = readNames(level.fd.get(), level.names);
        const int err = errno;
        stack.push_back(std::move(level));
        errno = err;
        return read;
    };
    if (!enter(std::move(rootFd), QString(), true))
        return makeError(
            ErrorCode::IoError,
            Tr::tr("Cannot list the folder %1: %2").arg(folder, WorkspaceFs::errorText(errno)));

    while (!stack.empty()) {
        Level &level = stack.back();
        if (level.next == level.names.size()) {
            stack.pop_back();
            continue;
        }
        if (entries.size() >= maxEntries) {
            truncated = true;
            break;
        }
        const int dirFd = level.fd.get();
        const QByteArray name = level.names.at(level.next++);
        struct stat st = {};
        if (::fstatat(dirFd, name.constData(), &st, AT_SYMLINK_NOFOLLOW) != 0)
            continue; // gone since readdir
        WorkspaceEntry entry;
        bool exact = true;
        const QString decoded = decodeName(name, &exact);
        entry.path = level.path.isEmpty() ? decoded : level.path + QLatin1Char('/') + decoded;
        // A folder whose name was not exact taints everything below it too.
        entry.exactName = exact && level.exact;
        entry.type = typeOf(st.st_mode);
        entry.mode = int(st.st_mode & 07777);
        entry.size = qint64(st.st_size);
        switch (entry.type) {
        case WorkspaceEntry::Type::File:
            hashInto(dirFd, name, entry, st);
            break;
        case WorkspaceEntry::Type::Symlink: {
            QByteArray target(4096, Qt::Uninitialized);
            const ssize_t n = ::readlinkat(dirFd, name.constData(), target.data(), target.size());
            if (n < 0) {
                entry.error = WorkspaceFs::errorText(errno);
            } else {
                target.truncate(n);
                entry.target = decodeName(target, &exact);
                entry.exactName = entry.exactName && exact;
            }
            break;
        }
        case WorkspaceEntry::Type::Other:
            break;
        case WorkspaceEntry::Type::Directory: {
            if (st.st_dev != rootStat.st_dev) {
                entry.otherFileSystem = true; // mounted here: not the workspace's
                break;
            }
            if (int(stack.size()) >= maxDepth) {
                truncated = true;
                break;
            }
            Fd dir(
                ::openat(dirFd, name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
            if (!dir.isValid()) {
                entry.error = WorkspaceFs::errorText(errno);
                break;
            }
            const QString path = entry.path;
            const bool exactPath = entry.exactName;
            entries.append(std::move(entry));
            if (!enter(std::move(dir), path, exactPath)) // invalidates level
                entries.last().error = WorkspaceFs::errorText(errno);
            continue;
        }
        }
        entries.append(std::move(entry));
    }
    return WorkspaceManifest(std::move(entries), truncated);
}

Result<WorkspaceManifest> WorkspaceManifest::fromJson(const QJsonObject &object)
{
    WorkspaceManifest manifest;
    const Result<QString> next = manifest.appendPage(object);
    if (!next)
        return std::unexpected(next.error());
    return manifest;
}

Result<QString> WorkspaceManifest::appendPage(const QJsonObject &page, qsizetype maxEntries)
{
    if (!page.value(u"entries").isArray())
        return makeError(ErrorCode::MalformedResponse,
                         Tr::tr("A workspace manifest has no list of entries."));
    const QJsonArray array = page.value(u"entries").toArray();
    m_entries.reserve(std::min(m_entries.size() + array.size(), maxEntries));
    for (const QJsonValue &value : array) {
        if (m_entries.size() >= maxEntries) {
            m_truncated = true;
            break;
        }
        Result<WorkspaceEntry> entry = entryFromJson(value.toObject());
        if (!entry)
            return std::unexpected(entry.error());
        m_entries.append(std::move(*entry));
    }
    m_truncated = m_truncated || page.value(u"truncated").toBool();
    QString next = page.value(u"next").toString();
    if (m_truncated && m_entries.size() >= maxEntries)
        next.clear(); // no more of a list that is too long already
    if (next.isEmpty())
        reindex();
    return next;
}

QJsonObject WorkspaceManifest::toJson() const
{
    QJsonArray array;
    for (const WorkspaceEntry &entry : m_entries)
        array.append(entryToJson(entry));
    return QJsonObject{{QStringLiteral("entries"), array},
                       {QStringLiteral("truncated"), m_truncated}};
}

} // namespace Terrarium::Core
