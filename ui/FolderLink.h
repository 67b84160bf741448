#pragma once

#include <QLabel>

namespace Terrarium::Widgets {

// "Folder: ~/Terrarium/2026-12-03-1402-fix-the-tests" as a link that opens the folder in the
// file manager, or the path and why it is not one (removed, never made). Where a run's files are
// is the first thing a user asks after a run; the run header and a past run show it.
class FolderLink : public QLabel
{
    Q_OBJECT

public:
    explicit FolderLink(QWidget *parent = nullptr);

    // An empty path hides the line. note: said after the path instead of a link (e.g. "removed:
    // the run left nothing in it"); empty: a link when the folder exists.
    void setFolder(const QString &path, const QString &note = {});
    QString folder() const { return m_path; }
    // Whether the line is a link (the folder exists and no note replaces it).
    bool isLink() const { return m_link; }

private:
    QString m_path;
    bool m_link = false;
};

} // namespace Terrarium::Widgets
