#include "core/safety/WrittenFiles_p.h"

#include "core/safety/ShellLexer.h"

#include <QRegularExpression>
#include <QSet>

namespace Terrarium::Core {

namespace {

bool isBelow(const QString &path, const QString &folder)
{
    return folder == u"/"
        ? path.startsWith(u'/') && path != folder
        : path.startsWith(folder) && path.size() > folder.size() && path.at(folder.size()) == u'/';
}

bool isAtOrBelow(const QString &path, const QString &folder)
{
    return path == folder || isBelow(path, folder);
}

QString baseName(const QString &path)
{
    return path.section(u'/', -1);
}

QString parentOf(const QString &path)
{
    const qsizetype slash = path.lastIndexOf(u'/');
    return slash <= 0 ? QStringLiteral("/") : path.left(slash);
}

// Where a program without a slash is looked for; the line may add more.
const QStringList &standardPathDirectories()
{
    static const QStringList dirs = {
        QStringLiteral("/usr/local/sbin"),
        QStringLiteral("/usr/local/bin"),
        QStringLiteral("/usr/sbin"),
        QStringLiteral("/usr/bin"),
        QStringLiteral("/sbin"),
        QStringLiteral("/bin"),
        QStringLiteral("/home/") + ShellLexer::homeMarker() + QStringLiteral("/.local/bin"),
        QStringLiteral("/home/") + ShellLexer::homeMarker() + QStringLiteral("/bin")};
    return dirs;
}

// Python runs these by itself at start-up, wherever they are on its path.
bool isPythonStartupFile(const QString &path)
{
    const QString name = baseName(path);
    return name == u"sitecustomize.py" || name == u"usercustomize.py" || name.endsWith(u".pth");
}

// A file git runs or obeys in the repository at root: hooks, its config, a .git file that
// points the repository elsewhere, husky's hooks, pre-commit's list.
bool isGitCode(const QString &path, const QString &root)
{
    if (!isBelow(path, root))
        return false;
    const QString rest = path.mid(root == u"/" ? 1 : root.size() + 1);
    if (rest == u".git" || rest == u".git/config" || rest == u".pre-commit-config.yaml")
        return true;
    if (rest.startsWith(u".husky/"))
        return true;
    return rest.startsWith(u".git/hooks/") && !rest.endsWith(u".sample");
}

} // namespace

void WrittenFiles::clear()
{
    m_files.clear();
    m_folders.clear();
    m_serial = 0;
}

void WrittenFiles::addFile(const QString &path, int stepId, const QString &text)
{
    m_files.insert(path, Entry{path, stepId, text, false, ++m_serial});
}

void WrittenFiles::addFolder(const QString &path, int stepId)
{
    m_folders.insert(path, Entry{path, stepId, {}, true, ++m_serial});
}

void WrittenFiles::add(const FileEffects &effects, int stepId)
{
    for (const FileEffects::Write &write : effects.writes) {
        if (write.path.isEmpty())
            continue;
        if (write.folder) {
            addFolder(write.path, stepId);
            continue;
        }
        if (!write.from.isEmpty()) {
            // cp/mv x y: what was known of x (and of what lies below it) is y's now.
            QList<Entry> copied;
            for (const Entry &entry : std::as_const(m_files)) {
                if (isAtOrBelow(entry.path, write.from))
                    copied.append(entry);
            }
            for (const Entry &entry : std::as_const(copied))
                addFile(write.path + entry.path.mid(write.from.size()), stepId, entry.text);
            QList<Entry> folders;
            for (const Entry &entry : std::as_const(m_folders)) {
                if (isAtOrBelow(entry.path, write.from))
                    folders.append(entry);
                else if (isBelow(write.from, entry.path))
                    folders.append(Entry{write.from, entry.stepId, {}, true, 0});
            }
            for (const Entry &entry : std::as_const(folders))
                addFolder(write.path + entry.path.mid(write.from.size()), stepId);
            const auto exact = m_files.constFind(write.from);
            if (exact != m_files.cend() && write.path != write.from)
                continue; // added above, with its text
            addFile(write.path, stepId, {});
            continue;
        }
        QString text = write.text;
        if (write.appends) {
            const auto before = m_files.constFind(write.path);
            // Appended to a file this run wrote in full: the whole is known.
            text = before != m_files.cend() && !before->text.isNull() && !text.isNull()
                ? before->text + text
                : QString();
        }
        addFile(write.path, stepId, text);
    }
}

void WrittenFiles::addReported(const QStringList &paths, int stepId)
{
    for (const QString &path : paths) {
        if (!path.startsWith(u'/'))
            continue;
        const auto known = m_files.constFind(path);
        // The command's own text may have said what it wrote there; the report adds the fact
        // that it changed, never takes anything away.
        if (known != m_files.cend() && known->stepId == stepId)
            continue;
        addFile(path, stepId, {});
    }
}

const WrittenFiles::Entry *WrittenFiles::entryFor(const QString &path) const
{
    if (const auto file = m_files.constFind(path); file != m_files.cend())
        return &*file;
    const Entry *found = nullptr;
    for (const Entry &folder : m_folders) {
        if (isBelow(path, folder.path) && (!found || folder.serial > found->serial))
            found = &folder;
    }
    return found;
}

QList<WrittenFiles::Match> WrittenFiles::runBy(const FileEffects &effects) const
{
    QList<Match> matches;
    QSet<QString> seen;
    const auto add = [&matches, &seen](const QString &path, const Entry &entry, bool shell) {
        if (seen.contains(path))
            return;
        seen.insert(path);
        matches.append(Match{path, entry, shell});
    };
    if (isEmpty())
        return matches;

    for (const FileEffects::Run &run : effects.runs) {
        if (!run.pattern) {
            if (const Entry *entry = entryFor(run.path))
                add(run.path, *entry, run.shell);
            continue;
        }
        // sh *.sh: whichever written file the pattern matches. Default conversion: "*" does
        // not cross "/", as in the shell.
        const QRegularExpression re(QRegularExpression::wildcardToRegularExpression(run.path));
        for (const Entry &entry : m_files) {
            if (re.match(entry.path).hasMatch())
                add(entry.path, entry, run.shell);
        }
        const QString fixed =
            run.path.left(run.path.indexOf(QRegularExpression(QStringLiteral("[*?\\[]"))));
        for (const Entry &folder : m_folders) {
            if (isBelow(fixed, folder.path) || isAtOrBelow(folder.path, fixed.section(u'/', 0, -2)))
                add(run.path, folder, run.shell);
        }
    }

    // x alone: the x in the first PATH directory that has one; any written one may be it.
    QStringList pathDirs = standardPathDirectories() + effects.pathEntries;
    const bool anyDirectory = effects.pathEntries.contains(QStringLiteral("*"));
    for (const QString &name : effects.pathLookups) {
        for (const QString &dir : std::as_const(pathDirs)) {
            if (dir == u"*")
                continue;
            const QString path = (dir == u"/" ? QString() : dir) + u'/' + name;
            if (const Entry *entry = entryFor(path))
                add(path, *entry, true);
        }
        if (anyDirectory) {
            for (const Entry &entry : m_files) {
                if (baseName(entry.path) == name)
                    add(entry.path, entry, true);
            }
        }
    }

    const auto foldersRelated = [this, &add](const QString &dir) {
        for (const Entry &folder : m_folders) {
            if (isAtOrBelow(folder.path, dir) || isBelow(dir, folder.path))
                add(folder.path, folder, false);
        }
    };
    for (const QString &dir : effects.pythonFolders) {
        // import x finds x.py (or the package x/) in the script's folder first.
        for (const Entry &entry : m_files) {
            if ((isBelow(entry.path, dir) && entry.path.endsWith(u".py"))
                || isPythonStartupFile(entry.path))
                add(entry.path, entry, false);
        }
        foldersRelated(dir);
    }
    for (const QString &dir : effects.nodeFolders) {
        for (const Entry &entry : m_files) {
            const qsizetype at = entry.path.indexOf(QLatin1String("/node_modules/"));
            if (at >= 0 && isAtOrBelow(dir, at == 0 ? QStringLiteral("/") : entry.path.left(at)))
                add(entry.path, entry, false);
        }
        for (const Entry &folder : m_folders) {
            if (folder.path.contains(QLatin1String("/node_modules"))
                || isAtOrBelow(dir, folder.path))
                add(folder.path, folder, false);
        }
    }
    for (const QString &dir : effects.gitFolders) {
        // The repository is dir or one above it.
        QStringList roots;
        for (QString root = dir; roots.size() < 64; root = parentOf(root)) {
            roots.append(root);
            if (root == u"/")
                break;
        }
        for (const Entry &entry : m_files) {
            for (const QString &root : std::as_const(roots)) {
                if (isGitCode(entry.path, root)) {
                    add(entry.path, entry, true);
                    break;
                }
            }
        }
        for (const Entry &folder : m_folders) {
            bool related = isAtOrBelow(dir, folder.path);
            for (const QString &root : std::as_const(roots)) {
                const QString git = (root == u"/" ? QString() : root) + QStringLiteral("/.git");
                related = related || isAtOrBelow(folder.path, git);
            }
            if (related)
                add(folder.path, folder, false);
        }
    }
    return matches;
}

} // namespace Terrarium::Core
