#pragma once

#include "core/store/StoredRun.h"

#include <QList>
#include <QString>

namespace Terrarium::App {

// `terrarium --list-runs`: one line per kept run, newest first — its id, status, when it
// started, how long it took, and its goal (escaped, on one line, cut when long).
class RunListing
{
public:
    static QString format(const QList<Core::StoredRun> &runs);
};

} // namespace Terrarium::App
