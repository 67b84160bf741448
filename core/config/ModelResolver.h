#pragma once

#include "core/Error.h"
#include "core/config/AppConfig.h"
#include "core/config/LocalServerDetector.h"

#include <QObject>

#include <memory>
#include <optional>

class QNetworkAccessManager;

namespace Terrarium::Core {

class KeyStore;

// Completes the model part of a configuration before a run: a role without a key from the
// environment gets the one saved in the desktop keyring, and a role that still has neither key
// nor base URL gets a local Ollama or llama.cpp server (whose model replaces a defaulted cloud
// model, never one the user named): the user's own, or another user's that
// AppConfig::trustedLocalServers confirms (see LocalServerDetector). resolved() or failed()
// follows from the event loop.
class ModelResolver : public QObject
{
    Q_OBJECT

public:
    // network: for probing local servers; the keyring is asked only when a role has no key.
    explicit ModelResolver(QNetworkAccessManager *network, QObject *parent = nullptr);
    ~ModelResolver() override;

    // Where local servers are looked for (default: LocalServerDetector::defaultCandidates()).
    void setCandidates(const QList<LocalServerDetector::Candidate> &candidates);

    void resolve(const AppConfig &config);
    // Stops asking; neither resolved() nor failed() follows.
    void cancel();
    // The local server the resolved configuration uses, once resolved() came with one.
    const std::optional<LocalServer> &localServer() const { return m_localServer; }
    // The servers other users run that were not used (failed() says how to confirm one).
    QList<LocalServer> refusedServers() const;
    // After failed(): the setting that would fix it ("planner/base_url"), empty when none would.
    QString settingToFix() const { return m_settingToFix; }

Q_SIGNALS:
    // Progress for people ("looking for a local server", "using Ollama with model ...").
    void message(const QString &text);
    void resolved(const Terrarium::Core::AppConfig &config);
    void failed(const Terrarium::Core::Error &error);

private:
    void readStoredKeys();
    void findLocalServer();
    void finish();

    QNetworkAccessManager *m_network;
    AppConfig m_config;
    std::unique_ptr<KeyStore> m_keys;
    std::unique_ptr<LocalServerDetector> m_detector;
    QList<LocalServerDetector::Candidate> m_candidates = LocalServerDetector::defaultCandidates();
    std::optional<LocalServer> m_localServer;
    int m_pendingKeys = 0;
    bool m_cancelled = false;
    QString m_settingToFix;
};

} // namespace Terrarium::Core
