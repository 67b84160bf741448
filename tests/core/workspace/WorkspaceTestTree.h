#pragma once

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QString>

#include <cstdio>

#include <sys/stat.h>
#include <unistd.h>

namespace Terrarium::Tests {

// Builds real trees for workspace tests: files with exact modes, links, FIFOs, raw names.
class WorkspaceTestTree
{
public:
    explicit WorkspaceTestTree(QString root)
        : m_root(std::move(root))
    { }

    const QString &root() const { return m_root; }
    QString path(const QString &relative) const { return m_root + QLatin1Char('/') + relative; }

    bool file(const QString &relative, const QByteArray &contents, int mode = 0644) const
    {
        if (!QDir().mkpath(QFileInfo(path(relative)).path()))
            return false;
        QFile out(path(relative));
        if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate)
            || out.write(contents) != contents.size())
            return false;
        out.close();
        return ::chmod(QFile::encodeName(path(relative)).constData(), mode_t(mode)) == 0;
    }
    bool dir(const QString &relative, int mode = 0755) const
    {
        return QDir().mkpath(path(relative))
            && ::chmod(QFile::encodeName(path(relative)).constData(), mode_t(mode)) == 0;
    }
    bool link(const QString &relative, const QString &target) const
    {
        QDir().mkpath(QFileInfo(path(relative)).path());
        return ::symlink(QFile::encodeName(target).constData(),
                         QFile::encodeName(path(relative)).constData())
            == 0;
    }
    bool fifo(const QString &relative) const
    {
        return ::mkfifo(QFile::encodeName(path(relative)).constData(), 0644) == 0;
    }
    // A file whose path (relative, raw bytes) may not be UTF-8; QFile cannot name it.
    bool rawFile(const QByteArray &relative, const QByteArray &contents) const
    {
        const QByteArray full = QFile::encodeName(m_root) + '/' + relative;
        FILE *f = ::fopen(full.constData(), "wb");
        if (!f)
            return false;
        const bool ok = ::fwrite(contents.constData(), 1, size_t(contents.size()), f)
            == size_t(contents.size());
        return ::fclose(f) == 0 && ok;
    }
    bool rawDir(const QByteArray &relative) const
    {
        const QByteArray full = QFile::encodeName(m_root) + '/' + relative;
        return ::mkdir(full.constData(), 0755) == 0;
    }
    // Removes what rawFile() and rawDir() made (QTemporaryDir cannot: it goes by QString).
    void rawRemove(const QByteArray &relative, bool folder = false) const
    {
        const QByteArray full = QFile::encodeName(m_root) + '/' + relative;
        folder ? ::rmdir(full.constData()) : ::unlink(full.constData());
    }
    QByteArray read(const QString &relative) const
    {
        QFile in(path(relative));
        return in.open(QIODevice::ReadOnly) ? in.readAll() : QByteArray("<missing>");
    }
    int mode(const QString &relative) const
    {
        struct stat st = {};
        if (::lstat(QFile::encodeName(path(relative)).constData(), &st) != 0)
            return -1;
        return int(st.st_mode & 07777);
    }
    bool exists(const QString &relative) const
    {
        struct stat st = {};
        return ::lstat(QFile::encodeName(path(relative)).constData(), &st) == 0;
    }
    bool isLink(const QString &relative) const { return QFileInfo(path(relative)).isSymLink(); }
    QString linkTarget(const QString &relative) const
    {
        char buffer[4096];
        const ssize_t n =
            ::readlink(QFile::encodeName(path(relative)).constData(), buffer, sizeof buffer);
        return n < 0 ? QString() : QFile::decodeName(QByteArray(buffer, n));
    }

private:
    QString m_root;
};

} // namespace Terrarium::Tests
