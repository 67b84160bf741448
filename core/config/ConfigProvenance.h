#pragma once

#include "core/config/SettingSource.h"

#include <QMap>
#include <QString>
#include <QStringList>

namespace Terrarium::Core {

// For each setting ConfigLoader resolves: where its value in effect comes from and, for all but
// secrets, that value as text, so that Preferences can show what runs really get. Settings are
// named by their config file key ("planner/model", "limits/max_steps"); the API keys, which are
// never read from the file, as "planner/api_key" and "executor/api_key". A plain value, filled
// by ConfigLoader::load() and TaskFile::applyTo().
class ConfigProvenance
{
public:
    // Default for a setting nothing was recorded for.
    SettingSource source(const QString &key) const;
    // The value in effect as the config file spells it ("gpt-4.1", "30", "ask"); empty for
    // secrets and for settings nothing was recorded for.
    QString value(const QString &key) const;
    bool contains(const QString &key) const { return m_entries.contains(key); }
    QStringList keys() const { return m_entries.keys(); }

    void record(const QString &key, const SettingSource &source, const QString &value);
    // For API keys: only where the key comes from is kept, never the key itself.
    void recordSecret(const QString &key, const SettingSource &source);

    bool operator==(const ConfigProvenance &) const = default;

private:
    struct Entry
    {
        SettingSource source;
        QString value;

        bool operator==(const Entry &) const = default;
    };

    QMap<QString, Entry> m_entries;
};

} // namespace Terrarium::Core
