#pragma once

#include <QObject>
#include <QString>

namespace Terrarium::App {

// Desktop notifications through the freedesktop.org Notifications service on the session bus
// (org.freedesktop.Notifications.Notify). Fire and forget: without a notification daemon
// nothing happens beyond a debug line.
class DesktopNotifier : public QObject
{
    Q_OBJECT

public:
    explicit DesktopNotifier(QObject *parent = nullptr);

    void notify(const QString &summary, const QString &body);

Q_SIGNALS:
    // The daemon accepted the notification (its id), or it could not be shown.
    void shown(uint id);
    void failed(const QString &error);
};

} // namespace Terrarium::App
