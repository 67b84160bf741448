#include "ConfigProvenance.h"

namespace Terrarium::Core {

SettingSource ConfigProvenance::source(const QString &key) const
{
    return m_entries.value(key).source;
}

QString ConfigProvenance::value(const QString &key) const
{
    return m_entries.value(key).value;
}

void ConfigProvenance::record(const QString &key, const SettingSource &source, const QString &value)
{
    m_entries.insert(key, Entry{source, value});
}

void ConfigProvenance::recordSecret(const QString &key, const SettingSource &source)
{
    m_entries.insert(key, Entry{source, QString()});
}

} // namespace Terrarium::Core
