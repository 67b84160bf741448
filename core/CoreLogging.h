#pragma once

#include <QLoggingCategory>

// One category for the whole core layer; enable with QT_LOGGING_RULES="terrarium.core.debug=true".
Q_DECLARE_LOGGING_CATEGORY(lcCore)
