#pragma once

#include "core/config/TaskFile.h"

#include <QFrame>
#include <QMap>

class QCheckBox;
class QFormLayout;
class QLabel;

namespace Terrarium::Widgets {

// What an opened task file asks for, shown before anything runs: its sandbox, network, image,
// environment and limits. Requests that take the run out of the sandbox or onto the network
// are highlighted and carry a check box the user must tick; the panel only reports the ticks,
// WindowController decides whether a run may start.
class TaskFilePanel : public QFrame
{
    Q_OBJECT

public:
    explicit TaskFilePanel(QWidget *parent = nullptr);

    void showTask(const QString &path, const QList<Core::TaskFile::Request> &requests,
                  const QString &note = {});
    void clearTask();
    bool hasTask() const { return !m_path.isEmpty(); }
    QString path() const { return m_path; }

    // The settings ("sandbox", "network") whose box is ticked.
    QStringList grantedConsents() const;
    // The box of a setting that needs consent, or null (for tests and focus).
    QCheckBox *consentBox(const QString &setting) const { return m_consents.value(setting); }
    // Draws attention to the boxes still unticked among `settings`.
    void highlightMissing(const QStringList &settings);

Q_SIGNALS:
    // The user no longer wants the file's settings (the goal stays in the goal box).
    void dismissed();

private:
    QString m_path;
    QLabel *m_title = nullptr;
    QLabel *m_note = nullptr;
    QFormLayout *m_form = nullptr;
    QMap<QString, QCheckBox *> m_consents;
};

} // namespace Terrarium::Widgets
