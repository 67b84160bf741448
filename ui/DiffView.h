#pragma once

#include <QPlainTextEdit>

namespace Terrarium::Widgets {

// A unified diff (Core::WorkspaceDiff::text()), read-only in a monospace font: added lines on a
// green background, removed lines on a red one, hunk headers ("@@ -1,3 +1,4 @@") on gray, each
// tint derived from the palette (light and dark alike) with the text kept readable. The file's
// contents come from a sandbox: hidden characters in them (controls, bidi overrides, zero-width
// ones) are shown as escapes (Core::VisibleText), and the path in the header lines is escaped
// too, so that a name holding a newline cannot forge diff lines.
class DiffView : public QPlainTextEdit
{
    Q_OBJECT

public:
    enum class LineKind { FileHeader, Hunk, Added, Removed, Context, Note };

    explicit DiffView(QWidget *parent = nullptr);
    ~DiffView() override;

    // path is the change's path: the one WorkspaceDiff::compute() put in the "---"/"+++" lines.
    void setDiff(const QString &path, const QString &unifiedDiff);
    void clearDiff();
    QString diffText() const { return m_diff; }

    // The background a line of kind gets with palette; invalid for lines on the plain base.
    static QColor lineBackground(LineKind kind, const QPalette &palette);
    static LineKind lineKind(QStringView line);

protected:
    void changeEvent(QEvent *event) override;

private:
    void render();

    QString m_path;
    QString m_diff;
    bool m_rendering = false;
};

} // namespace Terrarium::Widgets
