#include "FolderLink.h"

#include <QDesktopServices>
#include <QDir>
#include <QFileInfo>
#include <QUrl>

namespace Terrarium::Widgets {

namespace {

// ~ for the home folder: the line stays short, and says where it is all the same.
QString shortPath(const QString &path)
{
    const QString home = QDir::homePath();
    const QString native = QDir::toNativeSeparators(path);
    if (path == home || path.startsWith(home + u'/'))
        return u'~' + QDir::toNativeSeparators(path.mid(home.size()));
    return native;
}

} // namespace

FolderLink::FolderLink(QWidget *parent)
    : QLabel(parent)
{
    setObjectName(QStringLiteral("folderLink"));
    setTextFormat(Qt::RichText);
    setTextInteractionFlags(Qt::TextBrowserInteraction);
    // A long path never widens the window: the line is cut, the tooltip has it all.
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    setAccessibleName(tr("The run's folder"));
    connect(this, &QLabel::linkActivated, this,
            [](const QString &link) { QDesktopServices::openUrl(QUrl(link)); });
    hide();
}

void FolderLink::setFolder(const QString &path, const QString &note)
{
    m_path = path;
    m_link = false;
    if (path.isEmpty()) {
        clear();
        hide();
        return;
    }
    const QString shown = shortPath(path).toHtmlEscaped();
    if (!note.isEmpty()) {
        setText(tr("Folder: %1 (%2)").arg(shown, note.toHtmlEscaped()));
    } else if (!QFileInfo(path).isDir()) {
        setText(tr("Folder: %1 (no longer there)").arg(shown));
    } else {
        m_link = true;
        setText(tr("Folder: <a href=\"%1\">%2</a>")
                    .arg(QUrl::fromLocalFile(path).toString(QUrl::FullyEncoded).toHtmlEscaped(),
                         shown));
    }
    setToolTip(m_link ? tr("Open %1 in the file manager").arg(QDir::toNativeSeparators(path))
                      : QDir::toNativeSeparators(path));
    show();
}

} // namespace Terrarium::Widgets
