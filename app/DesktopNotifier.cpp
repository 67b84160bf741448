#include "DesktopNotifier.h"

#include "app/AppLogging.h"

#include <QDBusConnection>
#include <QDBusMessage>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>
#include <QVariantMap>

namespace Terrarium::App {

DesktopNotifier::DesktopNotifier(QObject *parent)
    : QObject(parent)
{ }

void DesktopNotifier::notify(const QString &summary, const QString &body)
{
    QDBusMessage call = QDBusMessage::createMethodCall(
        QStringLiteral("org.freedesktop.Notifications"),
        QStringLiteral("/org/freedesktop/Notifications"),
        QStringLiteral("org.freedesktop.Notifications"), QStringLiteral("Notify"));
    call << QStringLiteral("Terrarium") << uint(0) << QStringLiteral(TERRARIUM_APP_ID) << summary
         << body << QStringList()
         << QVariantMap{{QStringLiteral("desktop-entry"), QStringLiteral(TERRARIUM_APP_ID)}}
         << int(-1);
    auto *watcher =
        new QDBusPendingCallWatcher(QDBusConnection::sessionBus().asyncCall(call), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this, [this, watcher] {
        watcher->deleteLater();
        const QDBusPendingReply<uint> reply = *watcher;
        if (reply.isError()) {
            qCDebug(lcApp).noquote() << "no desktop notification:" << reply.error().message();
            Q_EMIT failed(reply.error().message());
            return;
        }
        Q_EMIT shown(reply.value());
    });
}

} // namespace Terrarium::App
